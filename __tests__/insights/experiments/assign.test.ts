/** @jest-environment node */
// Assignment of variants (issue 44, "Measured, not asserted"): stable within a visit, balanced by the shares
// (chi-square goodness of fit over 10,000 simulated visits), independent between experiments (2 × k chi-square),
// GrowthBook's hash to the digit, and the head script's copy of the algorithm equal to the TypeScript one.
import fc from 'fast-check';
import {
  ASSIGNMENT_SOURCE,
  EXPERIMENT_BUCKETS,
  areValidShares,
  assignVariant,
  assignmentSource,
  experimentBucket,
  experimentHash,
  fnv1a32,
} from '../../../src/insights/experiments/assign';

/** Mulberry32: a small seeded generator, so every simulated visit id (and so every test) is the same each run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A version 4 UUID, the form of the site's visit ids (src/insights/visit-id.ts), from the seeded generator. */
function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16));
  hex[12] = 4;
  hex[16] = (hex[16] & 3) | 8;
  const s = hex.map((digit) => digit.toString(16)).join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function visitIds(seed: number, count = 10_000): string[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => uuid(random));
}

/** Pearson's chi-square statistic of observed counts against expected counts. */
function chiSquare(observed: readonly number[], expected: readonly number[]): number {
  return observed.reduce((sum, o, i) => sum + (o - expected[i]) ** 2 / expected[i], 0);
}

// Upper 1 % points of the chi-square distribution (p = 0.01): a statistic below one passes at p > 0.01.
// Values as scipy.stats.chi2.ppf(0.99, df) gives them (and any printed table, to three decimals).
const CHI2_CRITICAL_P01: Record<number, number> = { 1: 6.634896601021214, 2: 9.21034037197618 };

function counts(ids: readonly string[], experimentId: string, shares: readonly number[]): number[] {
  const seen = shares.map(() => 0);
  for (const id of ids) seen[assignVariant(experimentId, id, shares)]++;
  return seen;
}

describe('the hash', () => {
  test('is FNV-1a 32-bit: its published test values', () => {
    // http://www.isthe.com/chongo/tech/comp/fnv/ : FNV-1a 32 of "" is the offset basis, of "a" 0xe40c292c,
    // of "foobar" 0xbf9cf968.
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  test("equals GrowthBook's hash version 2 on its SDK test cases (cases.json, [seed, value, 2, expected])", () => {
    const cases: [string, string, number][] = [
      ['seed', 'a', 0.0505],
      ['seed', 'b', 0.2696],
      ['foo', 'ab', 0.2575],
      ['foo', 'def', 0.2019],
      ['89123klj', '8952klfjas09ujkasdf', 0.124],
      ['90850943850283058242805', '123', 0.7516],
      ['()**(%$##$%#$#', '___)((*":&', 0.0128],
    ];
    for (const [seed, value, expected] of cases) expect(experimentHash(seed, value)).toBe(expected);
  });

  test('a bucket is an integer in [0, 10,000) and the hash is that bucket over 10,000', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (experimentId, visitId) => {
        const bucket = experimentBucket(experimentId, visitId);
        expect(Number.isInteger(bucket) && bucket >= 0 && bucket < EXPERIMENT_BUCKETS).toBe(true);
        expect(experimentHash(experimentId, visitId)).toBe(bucket / EXPERIMENT_BUCKETS);
      }),
    );
  });
});

const sharesArbitrary = fc.array(fc.nat({ max: 100 }), { minLength: 1, maxLength: 4 }).map((cuts) => {
  // Whole percentages summing to 100: the gaps between sorted cut points in [0, 100].
  const points = [0, ...[...cuts].sort((a, b) => a - b), 100];
  return points.slice(1).map((point, i) => point - points[i]);
});

describe('shares', () => {
  test('are whole percentages, each 0 to 100, summing to 100', () => {
    expect(areValidShares([50, 50])).toBe(true);
    expect(areValidShares([34, 33, 33])).toBe(true);
    expect(areValidShares([100])).toBe(true);
    expect(areValidShares([90, 0, 10])).toBe(true);
    expect(areValidShares([])).toBe(false);
    expect(areValidShares([50, 49])).toBe(false);
    expect(areValidShares([50.5, 49.5])).toBe(false);
    expect(areValidShares([120, -20])).toBe(false);
    expect(areValidShares([Number.NaN, 100])).toBe(false);
    expect(() => assignVariant('exp', 'visit', [60, 60])).toThrow(RangeError);
  });
});

describe('assignment', () => {
  test('is stable: the same experiment and visit always get the same variant, one the shares allow', () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), sharesArbitrary, (experimentId, visitId, shares) => {
        const variant = assignVariant(experimentId, visitId, shares);
        expect(Number.isInteger(variant) && variant >= 0 && variant < shares.length).toBe(true);
        expect(shares[variant]).toBeGreaterThan(0);
        for (let again = 0; again < 3; again++) expect(assignVariant(experimentId, visitId, shares)).toBe(variant);
      }),
    );
  });

  test('maps buckets to variants by cumulative shares, the original first', () => {
    // With 50/50, buckets 0–4,999 are the original's and 5,000–9,999 the variant's.
    fc.assert(
      fc.property(fc.string(), fc.uuid(), (experimentId, visitId) => {
        const bucket = experimentBucket(experimentId, visitId);
        expect(assignVariant(experimentId, visitId, [50, 50])).toBe(bucket < 5000 ? 0 : 1);
        expect(assignVariant(experimentId, visitId, [34, 33, 33])).toBe(bucket < 3400 ? 0 : bucket < 6700 ? 1 : 2);
        expect(assignVariant(experimentId, visitId, [100, 0])).toBe(0);
        expect(assignVariant(experimentId, visitId, [0, 100])).toBe(1);
      }),
    );
  });

  test.each([
    [[50, 50], 1],
    [[90, 10], 1],
    [[34, 33, 33], 2],
  ])(
    'is balanced for shares %j: chi-square over 10,000 visits below the p = 0.01 critical value (df %i)',
    (shares, df) => {
      const ids = visitIds(44);
      const observed = counts(ids, 'home-hero-headline', shares);
      const expected = shares.map((share) => (ids.length * share) / 100);
      const statistic = chiSquare(observed, expected);
      expect(observed.reduce((a, b) => a + b, 0)).toBe(10_000);
      expect(statistic).toBeLessThan(CHI2_CRITICAL_P01[df]);
    },
  );

  test('the chi-square check has teeth: a 52/48 split where 50/50 was asked fails it', () => {
    expect(chiSquare([5200, 4800], [5000, 5000])).toBeGreaterThan(CHI2_CRITICAL_P01[1]);
  });

  test.each([
    ['home-hero-headline', [50, 50], 'landing-dental-cta', [50, 50]],
    ['landing-dental-cta', [90, 10], 'landing-dental-section', [34, 33, 33]],
  ])(
    'is independent between experiments: %s %j against %s %j, a 2 × k chi-square below p = 0.01',
    (first, firstShares, second, secondShares) => {
      const ids = visitIds(442);
      const table = firstShares.map(() => secondShares.map(() => 0));
      for (const id of ids) table[assignVariant(first, id, firstShares)][assignVariant(second, id, secondShares)]++;
      const rows = table.map((row) => row.reduce((a, b) => a + b, 0));
      const columns = secondShares.map((_, j) => table.reduce((sum, row) => sum + row[j], 0));
      const observed = table.flat();
      const expected = rows.flatMap((row) => columns.map((column) => (row * column) / ids.length));
      const df = (firstShares.length - 1) * (secondShares.length - 1);
      expect(chiSquare(observed, expected)).toBeLessThan(CHI2_CRITICAL_P01[df]);
    },
  );
});

describe("the head script's copy (ASSIGNMENT_SOURCE)", () => {
  const inlined = new Function(`return ${assignmentSource()}`)() as (
    experimentId: string,
    visitId: string,
    shares: readonly number[],
  ) => number;

  test('is tiny and the text the build inlines', () => {
    expect(assignmentSource()).toBe(ASSIGNMENT_SOURCE);
    expect(ASSIGNMENT_SOURCE.length).toBeLessThan(250);
    expect(typeof inlined).toBe('function');
  });

  test('assigns exactly as the TypeScript function on 10,000 inputs', () => {
    const random = seeded(2026);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const ids = ['home-hero-headline', 'landing-dental-cta', 'café-überschrift', 'a', '', 'exp-🧪'];
    const shareSets = [[50, 50], [90, 10], [34, 33, 33], [10, 20, 30, 40], [100], [0, 100], [1, 99], [25, 0, 75]];
    let differences = 0;
    for (let i = 0; i < 10_000; i++) {
      const experimentId = i % 3 === 0 ? `${pick(ids)}-${Math.floor(random() * 1e6)}` : pick(ids);
      const visitId = uuid(random);
      const shares = pick(shareSets);
      if (inlined(experimentId, visitId, shares) !== assignVariant(experimentId, visitId, shares)) differences++;
    }
    expect(differences).toBe(0);
  });

  test('agrees with the TypeScript function on arbitrary strings and shares too', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), sharesArbitrary, (e, v, shares) => {
        expect(inlined(e, v, shares)).toBe(assignVariant(e, v, shares));
      }),
    );
  });
});

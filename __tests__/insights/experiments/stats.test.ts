/** @jest-environment node */
// The statistics of an experiment (issue 44): Φ against a table, the rates, relative lift, its 95 % interval and
// the chance to beat the original against values computed by hand (and checked with scipy.stats.norm), and the
// properties the method must keep.
import fc from 'fast-check';
import {
  Z_975,
  compareConversions,
  compareVariant,
  conversionRate,
  erfc,
  normalCdf,
  type Comparison,
  type ConversionCounts,
} from '../../../src/insights/experiments/stats';

describe('Φ, the standard normal distribution function', () => {
  // Φ(x) to 15 significant digits (mpmath.ncdf at 30 digits; the same as any printed table to its digits).
  const table: [number, number][] = [
    [-5, 2.86651571879194e-7],
    [-3, 0.00134989803163009],
    [-2.5, 0.00620966532577614],
    [-1.959963984540054, 0.025],
    [-1, 0.158655253931457],
    [-0.5, 0.308537538725987],
    [0, 0.5],
    [0.25, 0.598706325682924],
    [0.5, 0.691462461274013],
    [1, 0.841344746068543],
    [1.2815515655446004, 0.9],
    [1.6448536269514722, 0.95],
    [1.959963984540054, 0.975],
    [2, 0.977249868051821],
    [2.5, 0.993790334674224],
    [3, 0.99865010196837],
    [4, 0.999968328758167],
    [5, 0.999999713348428],
  ];

  test.each(table)('Φ(%d) = %d to 1e-6', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-6);
  });

  test('keeps its relative accuracy in the tails (fractional error below 1.5e-7)', () => {
    expect(Math.abs(normalCdf(-5) / 2.86651571879194e-7 - 1)).toBeLessThan(1.5e-7);
    expect(Math.abs(normalCdf(-3) / 0.00134989803163009 - 1)).toBeLessThan(1.5e-7);
    // erfc itself (mpmath.erfc), across its range and in both tails.
    const erfcTable: [number, number][] = [
      [-1, 1.84270079294971],
      [0.1, 0.887537083981715],
      [0.5, 0.479500122186953],
      [1, 0.157299207050285],
      [2, 0.00467773498104727],
      [3, 2.20904969985854e-5],
      [4, 1.541725790028e-8],
      [6, 2.15197367124989e-17],
    ];
    for (const [x, expected] of erfcTable) expect(Math.abs(erfc(x) / expected - 1)).toBeLessThan(1.2e-7);
  });

  test('is symmetric, Φ(x) + Φ(−x) = 1, above ½ for x > 0, and never decreases', () => {
    expect(normalCdf(0)).toBe(0.5);
    fc.assert(
      fc.property(fc.double({ min: -40, max: 40, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (x, d) => {
        expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 15);
        // Above ½ for x > 0 and below for x < 0, down to where a double near ½ can still show the difference.
        if (Math.abs(x) > 1e-15) expect(normalCdf(x) > 0.5).toBe(x > 0);
        expect(normalCdf(x + d)).toBeGreaterThanOrEqual(normalCdf(x));
        expect(normalCdf(x)).toBeGreaterThanOrEqual(0);
        expect(normalCdf(x)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('one variant against the original', () => {
  // Hand computation for 1000 visitors / 100 leads (original) against 1000 / 130 (variant):
  //   p_o = 0.1, p_v = 0.13, lift = 0.03 / 0.1 = 0.3
  //   var = 0.13·0.87 / (1000·0.1²) + 0.13²·0.1·0.9 / (1000·0.1⁴) = 0.01131 + 0.01521 = 0.02652, sd = 0.1628496
  //   z = 0.3 / 0.1628496 = 1.842190, chance = Φ(1.842190) = 0.9672763
  //   interval = 0.3 ± 1.959964 · 0.1628496 = [−0.0191794, 0.6191794]
  test('1000/100 against 1000/130: a 30 % lift, 96.7 % chance, an interval just below 0 to +62 %', () => {
    const result = compareConversions({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 130 });
    expect(result.originalRate).toBe(0.1);
    expect(result.variantRate).toBe(0.13);
    expect(result.lift).toBeCloseTo(0.3, 12);
    expect(result.liftInterval![0]).toBeCloseTo(-0.019179397713587, 9);
    expect(result.liftInterval![1]).toBeCloseTo(0.619179397713587, 9);
    expect(result.chanceToBeat).toBeCloseTo(0.9672763417294536, 6);
  });

  test('1000/130 against 1000/100: the same counts reversed, a 23 % fall and a 0.8 % chance', () => {
    // var = 0.1·0.9 / (1000·0.13²) + 0.1²·0.13·0.87 / (1000·0.13⁴) = 0.009285389, sd = 0.0963607, z = −2.394847
    const result = compareConversions({ visitors: 1000, conversions: 130 }, { visitors: 1000, conversions: 100 });
    expect(result.lift).toBeCloseTo(-0.230769230769231, 12);
    expect(result.liftInterval![0]).toBeCloseTo(-0.4196327797121817, 9);
    expect(result.liftInterval![1]).toBeCloseTo(-0.04190568182627982, 9);
    expect(result.chanceToBeat).toBeCloseTo(0.008313641657792364, 6);
  });

  test('unequal arms, 2000/100 against 1000/40 (a 90/10-like split): −20 %, 8.6 %', () => {
    const result = compareConversions({ visitors: 2000, conversions: 100 }, { visitors: 1000, conversions: 40 });
    expect(result.originalRate).toBe(0.05);
    expect(result.variantRate).toBe(0.04);
    expect(result.lift).toBeCloseTo(-0.2, 12);
    expect(result.liftInterval![0]).toBeCloseTo(-0.48698584828468816, 9);
    expect(result.liftInterval![1]).toBeCloseTo(0.08698584828468811, 9);
    expect(result.chanceToBeat).toBeCloseTo(0.08598581805763933, 6);
  });

  test('booked calls, 1000/20 against 1000/30: +50 %, 87.9 %', () => {
    const result = compareConversions({ visitors: 1000, conversions: 20 }, { visitors: 1000, conversions: 30 });
    expect(result.lift).toBeCloseTo(0.5, 12);
    expect(result.liftInterval![0]).toBeCloseTo(-0.3384431788660608, 9);
    expect(result.liftInterval![1]).toBeCloseTo(1.3384431788660605, 9);
    expect(result.chanceToBeat).toBeCloseTo(0.878760198033324, 6);
  });

  test('equal rates: no lift, a chance of exactly one half', () => {
    const result = compareConversions({ visitors: 500, conversions: 50 }, { visitors: 800, conversions: 80 });
    expect(result.lift).toBe(0);
    expect(result.chanceToBeat).toBe(0.5);
  });

  test('undefined where the method is: no visitors, no original conversion, no spread', () => {
    expect(compareConversions({ visitors: 0, conversions: 0 }, { visitors: 10, conversions: 1 })).toEqual({
      originalRate: null,
      variantRate: 0.1,
      lift: null,
      liftInterval: null,
      chanceToBeat: null,
    });
    expect(compareConversions({ visitors: 100, conversions: 0 }, { visitors: 100, conversions: 5 })).toMatchObject({
      originalRate: 0,
      lift: null,
      chanceToBeat: null,
    });
    // Every visitor converted in both arms: a lift of 0 but no spread to judge it by.
    expect(compareConversions({ visitors: 20, conversions: 20 }, { visitors: 30, conversions: 30 })).toMatchObject({
      lift: 0,
      liftInterval: null,
      chanceToBeat: null,
    });
  });

  test('refuses counts that are not counts, or more conversions than visitors', () => {
    const ok = { visitors: 10, conversions: 1 };
    expect(() => compareConversions({ visitors: 10, conversions: 11 }, ok)).toThrow(RangeError);
    expect(() => compareConversions(ok, { visitors: -1, conversions: 0 })).toThrow(RangeError);
    expect(() => compareConversions(ok, { visitors: 10.5, conversions: 1 })).toThrow(RangeError);
    expect(() => conversionRate({ visitors: Number.NaN, conversions: 0 })).toThrow(RangeError);
    expect(conversionRate({ visitors: 0, conversions: 0 })).toBeNull();
  });

  test('compareVariant compares leads and booked calls apart, over the same visitors', () => {
    const result = compareVariant(
      { visitors: 1000, leads: 100, booked: 20 },
      { visitors: 1000, leads: 130, booked: 30 },
    );
    expect(result.leads.chanceToBeat).toBeCloseTo(0.9672763417294536, 6);
    expect(result.booked.chanceToBeat).toBeCloseTo(0.878760198033324, 6);
  });
});

// Arms with at least one conversion and one non-conversion, where every quantity is defined.
const arm = fc
  .integer({ min: 2, max: 100_000 })
  .chain((visitors) =>
    fc.integer({ min: 1, max: visitors - 1 }).map((conversions): ConversionCounts => ({ visitors, conversions })),
  );

/** The z of a comparison, recovered from its interval: lift / sd, with sd = (high − low) / (2 · Z_975). */
const zOf = (c: Comparison) => c.lift! / ((c.liftInterval![1] - c.liftInterval![0]) / (2 * Z_975));

describe('properties of the method', () => {
  test('a chance in [0, 1], above one half exactly when the lift is positive; the interval holds the lift', () => {
    fc.assert(
      fc.property(arm, arm, (original, variant) => {
        const { chanceToBeat, lift, liftInterval } = compareConversions(original, variant);
        expect(chanceToBeat).toBeGreaterThanOrEqual(0);
        expect(chanceToBeat).toBeLessThanOrEqual(1);
        if (lift! > 0) expect(chanceToBeat).toBeGreaterThan(0.5);
        if (lift! < 0) expect(chanceToBeat).toBeLessThan(0.5);
        if (lift === 0) expect(chanceToBeat).toBe(0.5);
        expect(liftInterval![0]).toBeLessThanOrEqual(lift!);
        expect(liftInterval![1]).toBeGreaterThanOrEqual(lift!);
      }),
    );
  });

  test('chance and interval agree: the interval is above 0 exactly when the chance is above 97.5 %', () => {
    fc.assert(
      fc.property(arm, arm, (original, variant) => {
        const { chanceToBeat, liftInterval } = compareConversions(original, variant);
        if (liftInterval![0] > 1e-9) expect(chanceToBeat).toBeGreaterThan(0.975 - 1e-6);
        if (liftInterval![1] < -1e-9) expect(chanceToBeat).toBeLessThan(0.025 + 1e-6);
        if (chanceToBeat! > 0.975 + 1e-6) expect(liftInterval![0]).toBeGreaterThan(0);
      }),
    );
  });

  test('more conversions in the variant never lower its chance', () => {
    fc.assert(
      fc.property(arm, arm, (original, variant) => {
        fc.pre(variant.conversions + 1 < variant.visitors);
        const more = { ...variant, conversions: variant.conversions + 1 };
        expect(compareConversions(original, more).chanceToBeat!).toBeGreaterThanOrEqual(
          compareConversions(original, variant).chanceToBeat!,
        );
      }),
    );
  });

  // The delta method's variance of the lift grows as the original's rate falls, so at a large lift one more
  // conversion of the original can raise the variant's z (in the small-rate limit: when p_v / p_o > 3 + 2·x_o/x_v).
  // Under the decision's minimum of 10 conversions per arm that happens only where the chance is already above
  // 95 % (z > 1.79 in that limit, 96 %), so it never moves a decision; below the minimum it can.
  const decidable = fc
    .tuple(fc.integer({ min: 100, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([visitors, share]): ConversionCounts => ({
      visitors,
      conversions: 10 + Math.floor(share * (visitors - 12)),
    }));

  test('more conversions in the original never raise the chance across the 95 % line (10 conversions an arm)', () => {
    fc.assert(
      fc.property(decidable, decidable, (original, variant) => {
        const before = compareConversions(original, variant).chanceToBeat!;
        const after = compareConversions({ ...original, conversions: original.conversions + 1 }, variant).chanceToBeat!;
        if (after > before) expect(before).toBeGreaterThan(0.95);
      }),
      { numRuns: 2000 },
    );
  });

  test("below that minimum the original's extra conversion can raise the chance (the documented limit)", () => {
    const variant = { visitors: 2, conversions: 1 };
    const before = compareConversions({ visitors: 89_474, conversions: 1 }, variant).chanceToBeat!;
    const after = compareConversions({ visitors: 89_474, conversions: 2 }, variant).chanceToBeat!;
    expect(after).toBeGreaterThan(before);
    expect(before).toBeLessThan(0.95);
  });

  test('the reverse comparison points the other way, with z scaled by the rates (not the complement)', () => {
    // Φ(z_ab) + Φ(z_ba) = 1 holds for a test of the absolute difference; for the relative lift (GrowthBook's
    // and PostHog's default) the delta method gives z_ba = −z_ab · p_b / p_a, the same sign reversed.
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const ab = compareConversions(a, b);
        const ba = compareConversions(b, a);
        expect(Math.sign(ab.chanceToBeat! - 0.5) + Math.sign(ba.chanceToBeat! - 0.5)).toBe(0);
        const expected = -zOf(ab) * (ab.variantRate! / ab.originalRate!);
        expect(Math.abs(zOf(ba) - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
        if (ab.originalRate === ab.variantRate) expect(ab.chanceToBeat! + ba.chanceToBeat!).toBe(1);
      }),
    );
  });
});

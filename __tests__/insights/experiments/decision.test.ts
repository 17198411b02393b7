/** @jest-environment node */
// The decision rule (issue 44): no winner before 100 visitors and 10 leads per arm and 7 days; until then, exactly
// what is missing, as numbers; after, a winner only at a 95 % chance to beat the original (or 5 %: the original).
import fc from 'fast-check';
import {
  DEFAULT_DECISION_RULES,
  decide,
  type ExperimentArm,
  type ExperimentResults,
} from '../../../src/insights/experiments/stats';

const DAY = 86_400_000;
const START = new Date('2026-03-02T09:00:00Z');
const after = (ms: number) => new Date(START.getTime() + ms);

const arm = (id: string, visitors: number, leads: number, booked = 0): ExperimentArm => ({
  id,
  visitors,
  leads,
  booked,
});

function results(original: ExperimentArm, variants: ExperimentArm[], ran = 14 * DAY): ExperimentResults {
  return { startedAt: START, now: after(ran), original, variants };
}

describe('before the minimum sample and run', () => {
  test('reports exactly what each arm still needs, and the days: "37 more visitors, 4 more leads, 2 more days"', () => {
    const decision = decide(results(arm('original', 63, 6), [arm('new-headline', 120, 12)], 5 * DAY + 3 * 3600_000));
    expect(decision).toEqual({
      status: 'collecting',
      metric: 'leads',
      days: 2,
      missing: [
        { id: 'original', visitors: 37, conversions: 4 },
        { id: 'new-headline', visitors: 0, conversions: 0 },
      ],
    });
  });

  test('names no winner however clear the numbers, and gives no chance while collecting', () => {
    // 1000/100 against 1000/140 is a 99 % chance, but the experiment has run 6 days.
    const decision = decide(results(arm('original', 1000, 100), [arm('b', 1000, 140)], 6 * DAY));
    expect(decision).toEqual({
      status: 'collecting',
      metric: 'leads',
      days: 1,
      missing: [
        { id: 'original', visitors: 0, conversions: 0 },
        { id: 'b', visitors: 0, conversions: 0 },
      ],
    });
    expect(decision).not.toHaveProperty('verdicts');
  });

  test('counts days up: 7 days exactly is enough, a minute less is 1 more day, a start in the future is 7', () => {
    const enough = [arm('original', 100, 10), [arm('b', 100, 10)]] as const;
    expect(decide(results(enough[0], [...enough[1]], 7 * DAY)).status).not.toBe('collecting');
    expect(decide(results(enough[0], [...enough[1]], 7 * DAY - 60_000))).toMatchObject({ days: 1 });
    expect(decide(results(enough[0], [...enough[1]], 0))).toMatchObject({ days: 7 });
    expect(decide(results(enough[0], [...enough[1]], -3 * DAY))).toMatchObject({ days: 7 });
  });

  test('is met at exactly 100 visitors and 10 leads in every arm', () => {
    expect(decide(results(arm('original', 100, 10), [arm('b', 100, 20)])).status).not.toBe('collecting');
    expect(decide(results(arm('original', 100, 10), [arm('b', 99, 20)]))).toMatchObject({
      status: 'collecting',
      missing: [
        { id: 'original', visitors: 0, conversions: 0 },
        { id: 'b', visitors: 1, conversions: 0 },
      ],
    });
  });

  test('whatever the counts, collecting until every minimum is met, and the shortfall is max(0, min − count)', () => {
    const counts = fc.record({
      visitors: fc.integer({ min: 0, max: 300 }),
      leadShare: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(counts, counts, fc.integer({ min: 0, max: 10 * DAY }), (o, v, ran) => {
        const original = arm('original', o.visitors, Math.floor(o.leadShare * o.visitors));
        const variant = arm('b', v.visitors, Math.floor(v.leadShare * v.visitors));
        const decision = decide(results(original, [variant], ran));
        const short = [original, variant].some((a) => a.visitors < 100 || a.leads < 10) || ran < 7 * DAY;
        expect(decision.status === 'collecting').toBe(short);
        if (decision.status === 'collecting') {
          expect(decision.days).toBe(Math.max(0, Math.ceil((7 * DAY - ran) / DAY)));
          expect(decision.missing).toEqual(
            [original, variant].map((a) => ({
              id: a.id,
              visitors: Math.max(0, 100 - a.visitors),
              conversions: Math.max(0, 10 - a.leads),
            })),
          );
        }
      }),
    );
  });
});

describe('after the minimum', () => {
  test('names the variant at a chance of 95 % or more (1000/100 against 1000/130: 96.7 %)', () => {
    const decision = decide(results(arm('original', 1000, 100), [arm('new-headline', 1000, 130)]));
    expect(decision).toMatchObject({ status: 'winner', winner: 'new-headline', originalWins: false, metric: 'leads' });
    if (decision.status !== 'winner') throw new Error('expected a winner');
    expect(decision.verdicts[0].verdict).toBe('beats-original');
    expect(decision.verdicts[0].chanceToBeat).toBeCloseTo(0.9672763417294536, 6);
  });

  test('names the original at a chance of 5 % or less (1000/130 against 1000/100: 0.8 %)', () => {
    expect(decide(results(arm('original', 1000, 130), [arm('b', 1000, 100)]))).toMatchObject({
      status: 'winner',
      winner: 'original',
      originalWins: true,
      verdicts: [{ id: 'b', verdict: 'loses-to-original' }],
    });
  });

  test('says "no clear winner yet" in between (1000/100 against 1000/110: 75.7 %)', () => {
    const decision = decide(results(arm('original', 1000, 100), [arm('b', 1000, 110)]));
    expect(decision).toMatchObject({ status: 'no-clear-winner', verdicts: [{ id: 'b', verdict: 'unclear' }] });
    if (decision.status !== 'no-clear-winner') throw new Error('expected no clear winner');
    expect(decision.verdicts[0].chanceToBeat).toBeCloseTo(0.7565926771113489, 6);
  });

  test('the threshold is a setting: at 90 %, 100/10 against 100/20 (91.7 %) wins; at 95 % it does not', () => {
    const data = results(arm('original', 100, 10), [arm('b', 100, 20)]);
    expect(decide(data).status).toBe('no-clear-winner');
    expect(decide(data, { chanceToWin: 0.9 })).toMatchObject({ status: 'winner', winner: 'b' });
  });

  test('decides on booked calls when asked, their minimum then counting booked calls', () => {
    // Same leads, twice the booked calls: 1000/20 against 1000/40 booked is a 96.8 % chance.
    const data = results(arm('original', 1000, 100, 20), [arm('b', 1000, 100, 40)]);
    expect(decide(data)).toMatchObject({ status: 'no-clear-winner', metric: 'leads' });
    expect(decide(data, { metric: 'booked' })).toMatchObject({ status: 'winner', winner: 'b', metric: 'booked' });
    const few = results(arm('original', 1000, 100, 4), [arm('b', 1000, 100, 12)]);
    expect(decide(few, { metric: 'booked' })).toMatchObject({
      status: 'collecting',
      metric: 'booked',
      missing: [
        { id: 'original', visitors: 0, conversions: 6 },
        { id: 'b', visitors: 0, conversions: 0 },
      ],
    });
  });

  test('the verdicts carry both comparisons for the dashboard', () => {
    const decision = decide(results(arm('original', 1000, 100, 20), [arm('b', 1000, 130, 30)]));
    if (decision.status !== 'winner') throw new Error('expected a winner');
    expect(decision.verdicts[0].comparison.leads.lift).toBeCloseTo(0.3, 12);
    expect(decision.verdicts[0].comparison.booked.chanceToBeat).toBeCloseTo(0.878760198033324, 6);
  });
});

describe('with several variants (34/33/33), each against the original', () => {
  const original = arm('original', 1000, 100);

  test('a variant that beats the original wins though another is unclear', () => {
    expect(decide(results(original, [arm('b', 1000, 130), arm('c', 1000, 105)]))).toMatchObject({
      status: 'winner',
      winner: 'b',
      verdicts: [
        { id: 'b', verdict: 'beats-original' },
        { id: 'c', verdict: 'unclear' },
      ],
    });
  });

  test('of two that beat it, the one with the higher chance', () => {
    expect(decide(results(original, [arm('b', 1000, 130), arm('c', 1000, 140)]))).toMatchObject({
      status: 'winner',
      winner: 'c',
    });
  });

  test('the original wins only when it beats every variant', () => {
    const strong = arm('original', 1000, 130);
    expect(decide(results(strong, [arm('b', 1000, 100), arm('c', 1000, 95)]))).toMatchObject({
      status: 'winner',
      winner: 'original',
      originalWins: true,
    });
    expect(decide(results(strong, [arm('b', 1000, 100), arm('c', 1000, 120)]))).toMatchObject({
      status: 'no-clear-winner',
      verdicts: [
        { id: 'b', verdict: 'loses-to-original' },
        { id: 'c', verdict: 'unclear' },
      ],
    });
  });

  test('every arm, the original included, must reach the minimum', () => {
    expect(decide(results(original, [arm('b', 1000, 130), arm('c', 90, 9)]))).toMatchObject({
      status: 'collecting',
      missing: [
        { id: 'original', visitors: 0, conversions: 0 },
        { id: 'b', visitors: 0, conversions: 0 },
        { id: 'c', visitors: 10, conversions: 1 },
      ],
    });
  });
});

describe('inputs', () => {
  test("the defaults are the issue's: 100 visitors, 10 leads, 7 days, 95 %", () => {
    expect(DEFAULT_DECISION_RULES).toEqual({
      minVisitors: 100,
      minConversions: 10,
      minDays: 7,
      chanceToWin: 0.95,
      metric: 'leads',
    });
  });

  test('refuses what cannot be decided on', () => {
    const ok = results(arm('original', 100, 10), [arm('b', 100, 10)]);
    expect(() => decide({ ...ok, variants: [] })).toThrow(RangeError);
    expect(() => decide(results(arm('original', 10, 11), [arm('b', 100, 10)]))).toThrow(RangeError);
    expect(() => decide(results(arm('original', 100, 10, 101), [arm('b', 100, 10)]))).toThrow(RangeError);
    expect(() => decide({ ...ok, now: new Date('not a date') })).toThrow(RangeError);
    expect(() => decide(ok, { chanceToWin: 0.4 })).toThrow(RangeError);
    expect(() => decide(ok, { chanceToWin: 1 })).toThrow(RangeError);
    expect(() => decide(ok, { minVisitors: -1 })).toThrow(RangeError);
    expect(() => decide(ok, { minDays: 1.5 })).toThrow(RangeError);
    expect(() => decide(ok, { metric: 'visits' as never })).toThrow(RangeError);
  });
});

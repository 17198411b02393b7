// The arithmetic of an experiment on copy (issue 44, docs/insights.md#experiments): for each variant against the
// original, the conversion rates, the relative lift with its 95 % interval and the chance to beat the original;
// and the decision rule that names a winner only after a minimum sample and a minimum run. Pure functions of
// counts: the dashboard reads the counts, the words ("needs 37 more visitors") live in content.
//
// The method is GrowthBook's and PostHog's default (docs.growthbook.io/statistics/details: "Lift", "Proportion
// metrics", "Chance To Win"; PostHog products/experiments/stats/bayesian/utils.py and
// posthog.com/docs/experiments/statistics-bayesian), a normal approximation of the relative lift:
//
//   p_o = conversions_o / visitors_o,  p_v = conversions_v / visitors_v        (the conversion rates)
//   lift = (p_v − p_o) / p_o                                                   (relative lift; none if p_o = 0)
//   var(lift) = p_v(1 − p_v) / (n_v p_o²) + p_v² p_o(1 − p_o) / (n_o p_o⁴)     (delta method for a ratio; the
//                                                   variance of a proportion's mean is p(1 − p)/n, the arms are
//                                                   independent, so no covariance term)
//   with their default flat (improper) prior the posterior of the lift is N(lift, var(lift)), so
//   chance to beat the original = P(true lift > 0) = Φ(lift / √var(lift))
//   95 % interval = lift ± Φ⁻¹(0.975) · √var(lift), Φ⁻¹(0.975) = 1.959963984540054
//
// Chance and interval come from the one distribution, so they never disagree: the interval lies above 0 exactly
// when the chance is above 97.5 %. Unlike a test of the absolute difference, the reverse comparison (the original
// measured against the variant) is not the complement: its z is −z · p_v / p_o. Only "variant against the
// original" is ever asked here, as in both products. More conversions of the variant never lower its chance.
// More conversions of the original can raise it too when the lift is large (the lift's variance grows as p_o
// falls; in the small-rate limit, when p_v / p_o > 3 + 2·x_o / x_v), but with the minimum of 10 conversions an
// arm only where the chance is above 95 % already (z > 1.79 in that limit), so never across a decision.

/** Visitors of one arm and how many of them converted (a lead, or a booked call). */
export interface ConversionCounts {
  visitors: number;
  conversions: number;
}

/** One variant against the original on one conversion. */
export interface Comparison {
  /** conversions / visitors of the original; null before it has a visitor. */
  originalRate: number | null;
  /** conversions / visitors of the variant; null before it has a visitor. */
  variantRate: number | null;
  /** (variantRate − originalRate) / originalRate: +0.3 is 30 % more; null while the original has no conversion. */
  lift: number | null;
  /** The lift's 95 % interval [low, high]; null when the lift or its variance is undefined or zero. */
  liftInterval: readonly [number, number] | null;
  /** P(the variant's true rate is above the original's), in [0, 1]; null when undefined (as liftInterval). */
  chanceToBeat: number | null;
}

/** The quantile Φ⁻¹(0.975) of the standard normal: the half-width of a 95 % interval in standard deviations. */
export const Z_975 = 1.959963984540054;

/** The fit's coefficients, of t⁹ down to t⁰, for Horner's rule. */
const ERFC_FIT = [
  0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807, -0.18628806, 0.09678418, 0.37409196, 1.00002368,
  -1.26551223,
];

/**
 * The complementary error function erfc(x) = 1 − erf(x), by the Chebyshev fit of Press et al., Numerical
 * Recipes in C, 2nd ed., §6.2 (erfcc): with t = 1 / (1 + |x|/2), erfc(|x|) ≈ t · exp(−x² + Σ cᵢ tⁱ), fractional
 * error below 1.2 × 10⁻⁷ for every x, so both tails of Φ keep their relative accuracy; erfc(−x) = 2 − erfc(x).
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  let sum = 0;
  for (const c of ERFC_FIT) sum = sum * t + c;
  const r = t * Math.exp(-z * z + sum);
  return x >= 0 ? r : 2 - r;
}

/** The fit's erfc(0): 1.00000003, not 1 (its coefficients sum to 3 × 10⁻⁸). */
const ERFC_AT_0 = erfc(0);

/**
 * Φ(x), the standard normal cumulative distribution function: ½ · erfc(−x / √2), written in its antisymmetric
 * form (1 − Φ(|x|) below 0) with erfc divided by the fit's own erfc(0), so that Φ(0) is exactly ½, Φ(x) is above
 * ½ when x is above 0 (to a double's resolution), and Φ(x) + Φ(−x) = 1. The tail's fractional error stays below
 * 1.5 × 10⁻⁷.
 */
export function normalCdf(x: number): number {
  const tail = (0.5 * erfc(Math.abs(x) / Math.SQRT2)) / ERFC_AT_0;
  return x >= 0 ? 1 - tail : tail;
}

function assertCounts(label: string, counts: ConversionCounts): void {
  const { visitors, conversions } = counts;
  if (!Number.isSafeInteger(visitors) || visitors < 0) throw new RangeError(`${label}: visitors must be a count`);
  if (!Number.isSafeInteger(conversions) || conversions < 0 || conversions > visitors) {
    throw new RangeError(`${label}: conversions must be a count no larger than the visitors`);
  }
}

/** conversions / visitors, or null before the first visitor. */
export function conversionRate(counts: ConversionCounts): number | null {
  assertCounts('conversion rate', counts);
  return counts.visitors === 0 ? null : counts.conversions / counts.visitors;
}

/**
 * The variant against the original on one conversion, by the method in this file's header. Conversions are
 * visitors who converted (each visitor counted once), so a rate is at most 1; anything else is a RangeError.
 */
export function compareConversions(original: ConversionCounts, variant: ConversionCounts): Comparison {
  assertCounts('original', original);
  assertCounts('variant', variant);
  const originalRate = conversionRate(original);
  const variantRate = conversionRate(variant);
  const none = { originalRate, variantRate, lift: null, liftInterval: null, chanceToBeat: null };
  if (originalRate === null || variantRate === null || originalRate === 0) return none;
  const lift = (variantRate - originalRate) / originalRate;
  const variance =
    (variantRate * (1 - variantRate)) / (variant.visitors * originalRate ** 2) +
    (variantRate ** 2 * originalRate * (1 - originalRate)) / (original.visitors * originalRate ** 4);
  // Both rates 0 or 1 (every visitor converted, or the variant none and the original all): no spread, no chance.
  if (!(variance > 0)) return { ...none, lift };
  const sd = Math.sqrt(variance);
  return {
    originalRate,
    variantRate,
    lift,
    liftInterval: [lift - Z_975 * sd, lift + Z_975 * sd],
    chanceToBeat: normalCdf(lift / sd),
  };
}

/** What the dashboard counts per arm of an experiment (each a number of visitors, not of events). */
export interface VariantCounts {
  visitors: number;
  /** Visitors who left a lead. */
  leads: number;
  /** Visitors who booked a call. */
  booked: number;
}

/** A variant against the original on each conversion the dashboard shows. */
export interface VariantComparison {
  leads: Comparison;
  booked: Comparison;
}

export function compareVariant(original: VariantCounts, variant: VariantCounts): VariantComparison {
  return {
    leads: compareConversions(
      { visitors: original.visitors, conversions: original.leads },
      { visitors: variant.visitors, conversions: variant.leads },
    ),
    booked: compareConversions(
      { visitors: original.visitors, conversions: original.booked },
      { visitors: variant.visitors, conversions: variant.booked },
    ),
  };
}

/** The conversion a winner is named on. */
export type DecisionMetric = 'leads' | 'booked';

export interface DecisionRules {
  /** Visitors every arm (the original included) needs before any winner is named. */
  minVisitors: number;
  /** Conversions of the decision metric every arm needs. */
  minConversions: number;
  /** Whole days the experiment must have run. */
  minDays: number;
  /** A variant wins at a chance to beat of at least this; the original wins against it at 1 − this or less. */
  chanceToWin: number;
  metric: DecisionMetric;
}

/** Issue 44's minimum (100 visitors and 10 leads per arm, 7 days); a winner at 95 %, PostHog's default level. */
export const DEFAULT_DECISION_RULES: DecisionRules = {
  minVisitors: 100,
  minConversions: 10,
  minDays: 7,
  chanceToWin: 0.95,
  metric: 'leads',
};

/** One arm of an experiment: its id (the original's too) and its counts. */
export interface ExperimentArm extends VariantCounts {
  id: string;
}

export interface ExperimentResults {
  startedAt: Date;
  /** The end of the period read (now, or when the experiment ended). */
  now: Date;
  original: ExperimentArm;
  /** One or more variants, each compared with the original. */
  variants: readonly ExperimentArm[];
}

/** What one arm still lacks before a winner can be named: 0 where its minimum is met. */
export interface Shortfall {
  id: string;
  visitors: number;
  /** Of the decision metric (leads, unless the rules say booked calls). */
  conversions: number;
}

export type Verdict = 'beats-original' | 'loses-to-original' | 'unclear';

export interface VariantVerdict {
  id: string;
  comparison: VariantComparison;
  /** The chance to beat the original on the decision metric (null when undefined, which is 'unclear'). */
  chanceToBeat: number | null;
  verdict: Verdict;
}

export type Decision =
  /** Before the minimum: no chance is given, only what is missing (the original's shortfall first). */
  | { status: 'collecting'; metric: DecisionMetric; days: number; missing: Shortfall[] }
  /** `winner` is the original's id when it beat every variant; else the variant with the highest chance. */
  | { status: 'winner'; metric: DecisionMetric; winner: string; originalWins: boolean; verdicts: VariantVerdict[] }
  | { status: 'no-clear-winner'; metric: DecisionMetric; verdicts: VariantVerdict[] };

const DAY_MS = 86_400_000;

function assertRules(rules: DecisionRules): void {
  for (const key of ['minVisitors', 'minConversions', 'minDays'] as const) {
    if (!Number.isSafeInteger(rules[key]) || rules[key] < 0) throw new RangeError(`${key} must be a whole number`);
  }
  if (!(rules.chanceToWin > 0.5 && rules.chanceToWin < 1)) throw new RangeError('chanceToWin must be in (0.5, 1)');
  if (rules.metric !== 'leads' && rules.metric !== 'booked') throw new RangeError('metric must be leads or booked');
}

/** Whole days still to run: the remaining time rounded up (5 days 3 hours run of 7 is 2 more days). */
function daysMissing(startedAt: Date, now: Date, minDays: number): number {
  const ran = now.getTime() - startedAt.getTime();
  if (Number.isNaN(ran)) throw new RangeError('startedAt and now must be valid dates');
  return Math.max(0, Math.ceil((minDays * DAY_MS - Math.max(0, ran)) / DAY_MS));
}

/**
 * The decision rule. Until every arm has the minimum visitors and conversions and the experiment has run the
 * minimum days, it is 'collecting' with what is missing, per arm and in days, as numbers. After, each variant is
 * compared with the original on the decision metric (independently, no correction for several variants, as
 * PostHog): it beats the original at a chance ≥ chanceToWin, loses at ≤ 1 − chanceToWin, else is unclear. The
 * original wins when it beat every variant; a variant wins when it beat the original (of several that did, the
 * one with the highest chance: variants are not compared with each other); otherwise there is no clear winner yet.
 */
export function decide(results: ExperimentResults, rules: Partial<DecisionRules> = {}): Decision {
  const rule: DecisionRules = { ...DEFAULT_DECISION_RULES, ...rules };
  assertRules(rule);
  if (results.variants.length === 0) throw new RangeError('An experiment needs at least one variant');
  const { metric } = rule;
  const arms = [results.original, ...results.variants];
  for (const arm of arms) {
    assertCounts(arm.id, { visitors: arm.visitors, conversions: arm.leads });
    assertCounts(arm.id, { visitors: arm.visitors, conversions: arm.booked });
  }

  const days = daysMissing(results.startedAt, results.now, rule.minDays);
  const missing = arms.map((arm) => ({
    id: arm.id,
    visitors: Math.max(0, rule.minVisitors - arm.visitors),
    conversions: Math.max(0, rule.minConversions - arm[metric]),
  }));
  if (days > 0 || missing.some((arm) => arm.visitors > 0 || arm.conversions > 0)) {
    return { status: 'collecting', metric, days, missing };
  }

  const verdicts = results.variants.map((variant): VariantVerdict => {
    const comparison = compareVariant(results.original, variant);
    const chanceToBeat = comparison[metric].chanceToBeat;
    let verdict: Verdict = 'unclear';
    if (chanceToBeat !== null && chanceToBeat >= rule.chanceToWin) verdict = 'beats-original';
    else if (chanceToBeat !== null && chanceToBeat <= 1 - rule.chanceToWin) verdict = 'loses-to-original';
    return { id: variant.id, comparison, chanceToBeat, verdict };
  });

  const winners = verdicts.filter((v) => v.verdict === 'beats-original');
  if (winners.length > 0) {
    const best = winners.reduce((a, b) => ((b.chanceToBeat ?? 0) > (a.chanceToBeat ?? 0) ? b : a));
    return { status: 'winner', metric, winner: best.id, originalWins: false, verdicts };
  }
  if (verdicts.every((v) => v.verdict === 'loses-to-original')) {
    return { status: 'winner', metric, winner: results.original.id, originalWins: true, verdicts };
  }
  return { status: 'no-clear-winner', metric, verdicts };
}

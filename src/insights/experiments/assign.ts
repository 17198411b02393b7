// Which variant of an experiment a visit sees (issue 44, docs/insights.md#experiments): deterministic from the
// experiment's id and the visit's id, so the same visit sees the same variant on every page and every load, with
// nothing stored. The same algorithm runs twice: here, for the build and the dashboard, and as a string of
// JavaScript inlined into the page's head script (ASSIGNMENT_SOURCE), which picks the variant before the first
// paint. A test proves the two agree on 10,000 inputs.
//
// The hash is GrowthBook's bucketing hash, version 2 (packages/sdk-js/src/util.ts, `hash(seed, value, 2)`):
// FNV-1a 32-bit over the UTF-16 code units of seed + value, hashed once more over the decimal text of that first
// hash, modulo 10,000 (the SDK's "unbiased" version 2, which replaced its single-pass version 1, "biased").
// GrowthBook's published test vectors (cases.json) are in the tests. The bucket is then mapped to a variant by
// whole-percentage shares, the original's first: with 10,000 buckets each percent is exactly 100 of them, so the
// comparison is in integers, never in rounded fractions.

/** Buckets a visit can fall into: GrowthBook's resolution of four decimals. */
export const EXPERIMENT_BUCKETS = 10_000;

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, over the string's UTF-16 code units (for ASCII ids, the same as over its bytes). */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

/** The visit's bucket in the experiment, an integer in [0, 10,000): GrowthBook's hash version 2 × 10,000. */
export function experimentBucket(experimentId: string, visitId: string): number {
  return fnv1a32(String(fnv1a32(experimentId + visitId))) % EXPERIMENT_BUCKETS;
}

/** The visit's place in [0, 1) for the experiment: exactly GrowthBook's `hash(experimentId, visitId, 2)`. */
export function experimentHash(experimentId: string, visitId: string): number {
  return experimentBucket(experimentId, visitId) / EXPERIMENT_BUCKETS;
}

/** Shares are whole percentages, each 0 to 100, summing to 100; the original's comes first. */
export function areValidShares(shares: readonly number[]): boolean {
  return (
    shares.length > 0 &&
    shares.every((share) => Number.isInteger(share) && share >= 0 && share <= 100) &&
    shares.reduce((sum, share) => sum + share, 0) === 100
  );
}

/**
 * The index of the visit's variant (0 is the original) for shares such as [50, 50] or [34, 33, 33]: the first
 * variant whose cumulative share, in buckets, is above the visit's bucket. Throws on shares that are not whole
 * percentages summing to 100 (the build refuses such an experiment before anything is inlined).
 */
export function assignVariant(experimentId: string, visitId: string, shares: readonly number[]): number {
  if (!areValidShares(shares)) {
    throw new RangeError(`Experiment ${experimentId}: shares must be whole percentages summing to 100`);
  }
  const bucket = experimentBucket(experimentId, visitId);
  let upTo = 0;
  for (let i = 0; i < shares.length; i++) {
    upTo += shares[i] * (EXPERIMENT_BUCKETS / 100);
    if (bucket < upTo) return i;
  }
  return 0; // Unreachable for valid shares (the last cumulative share is all 10,000 buckets).
}

/**
 * The same algorithm as assignVariant, as the text of a JavaScript function expression for the head script:
 * `(function(e,v,s){…})` takes the experiment's id, the visit's id and the shares, and returns the variant's index.
 * It does not check the shares (the build does); given shares that cover no bucket it returns 0, the original.
 * Written out by hand rather than taken from Function.prototype.toString, so what the CSP hash covers never
 * depends on a transpiler (or on coverage instrumentation) and stays the same from build to build.
 */
export const ASSIGNMENT_SOURCE =
  '(function(e,v,s){' +
  'function h(t){for(var x=2166136261,i=0;i<t.length;i++)x=Math.imul(x^t.charCodeAt(i),16777619);return x>>>0}' +
  'for(var b=h(""+h(e+v))%1e4,a=0,i=0;i<s.length;i++)if(b<(a+=s[i]*100))return i;' +
  'return 0})';

/** The head script's copy of the assignment (ASSIGNMENT_SOURCE), for the build to inline and hash. */
export function assignmentSource(): string {
  return ASSIGNMENT_SOURCE;
}

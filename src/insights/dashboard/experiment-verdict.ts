// decide()'s answer (src/insights/experiments/stats.ts) in the copy's words. While collecting: what is still
// missing, only the parts that are (each version's visitors and leads, or booked calls if those decide; the days to
// run), in one sentence for every version when they all lack the same, else one per version that lacks anything.
// After: the winner, the original winning, or no clear winner yet.
import type { Decision } from '../experiments/stats';
import type { DashboardCopy } from './copy-schema';
import { countIn, fill, formatChance, formatList } from './format';

type Copy = DashboardCopy['experiments'];

/** The verdict's sentences, in order. `versionName` names a version by decide()'s id (its index). */
export function verdictWords(copy: Copy, decision: Decision, versionName: (id: string) => string): string[] {
  const metric = copy.metrics[decision.metric];
  if (decision.status === 'winner') {
    const best = Math.max(...decision.verdicts.map((verdict) => verdict.chanceToBeat ?? 0));
    return decision.originalWins
      ? [fill(copy.originalWins, { chance: formatChance(best), metric })]
      : [
          fill(copy.winner, {
            version: versionName(decision.winner),
            chance: formatChance(decision.verdicts.find((verdict) => verdict.id === decision.winner)!.chanceToBeat!),
            metric,
          }),
        ];
  }
  if (decision.status === 'no-clear-winner') return [fill(copy.noClearWinner, { metric })];

  const conversions = decision.metric === 'leads' ? copy.moreLeads : copy.moreBooked;
  const needs = (arm: { visitors: number; conversions: number }) =>
    formatList([
      ...(arm.visitors > 0 ? [countIn(copy.moreVisitors, arm.visitors)] : []),
      ...(arm.conversions > 0 ? [countIn(conversions, arm.conversions)] : []),
    ]);
  const lacking = decision.missing.filter((arm) => arm.visitors > 0 || arm.conversions > 0);
  const [first] = decision.missing;
  const allAlike = decision.missing.every(
    (arm) => arm.visitors === first.visitors && arm.conversions === first.conversions,
  );
  const sentences = [copy.collecting];
  if (lacking.length > 0 && allAlike) sentences.push(fill(copy.eachNeeds, { needs: needs(first) }));
  else
    for (const arm of lacking)
      sentences.push(fill(copy.versionNeeds, { version: versionName(arm.id), needs: needs(arm) }));
  if (decision.days > 0) sentences.push(countIn(copy.runMore, decision.days));
  return sentences;
}

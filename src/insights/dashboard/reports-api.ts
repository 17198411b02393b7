// The three reports for a period, through the data API as a signed-in team member (public.insights_overview,
// insights_sources, insights_pages). A request not from a team member is refused with 42501 (a stranger, or an
// address taken off the list): 'forbidden'; anything else that goes wrong: 'failed'. ./experiments-api.ts reads the
// experiments' numbers the same way.
import type { Period } from './periods';
import type { Overview, PageRow, Reports, SourceRow, Touch } from './report-types';
import type { TeamClient } from './team-client';

export type Loaded<T> = { status: 'ok'; value: T } | { status: 'forbidden' } | { status: 'failed' };

export type Answer = { data: unknown; error: { code?: string } | null };

function read<T>({ data, error }: Answer): Loaded<T> {
  if (error) return error.code === '42501' ? { status: 'forbidden' } : { status: 'failed' };
  return { status: 'ok', value: data as T };
}

const args = (period: Period) => ({ from_day: period.from, to_day: period.to });

/** One call's answer as Loaded; a call that throws (no network) has failed. */
export async function attempt<T>(call: () => PromiseLike<Answer>): Promise<Loaded<T>> {
  try {
    return read<T>(await call());
  } catch {
    return { status: 'failed' };
  }
}

export function loadSources(client: TeamClient, period: Period, touch: Touch): Promise<Loaded<SourceRow[]>> {
  return attempt(() => client.rpc('insights_sources', { ...args(period), touch }));
}

/** All three at once, as the first screen shows them. */
export async function loadReports(client: TeamClient, period: Period, touch: Touch): Promise<Loaded<Reports>> {
  const [overview, sources, pages] = await Promise.all([
    attempt<Overview>(() => client.rpc('insights_overview', args(period))),
    loadSources(client, period, touch),
    attempt<PageRow[]>(() => client.rpc('insights_pages', args(period))),
  ]);
  const parts = [overview.status, sources.status, pages.status];
  if (parts.includes('forbidden')) return { status: 'forbidden' };
  if (overview.status !== 'ok' || sources.status !== 'ok' || pages.status !== 'ok') return { status: 'failed' };
  return { status: 'ok', value: { overview: overview.value, sources: sources.value, pages: pages.value } };
}

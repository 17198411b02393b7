// The visit events' share of `npm run leads -- retention` (issue 44): the raw events of past days are rolled up into
// daily totals, and those older than the period the database keeps them (90 days, the privacy policy's
// privacy.visitEventDays) are deleted, with the day's salts of the flood limits; a dry run only counts what would go.
// Through public.delete_expired_visit_events (service_role only; 20261202100000_visit_events.sql), which pg_cron
// also runs every night where it exists.
import type { NodeLeadClient } from '../local-api/node-client';

export type VisitRetention = {
  dry_run: boolean;
  days_kept: number;
  /** Raw events before this instant (the team's midnight) are deleted. */
  cutoff: string;
  /** Dry run only. */
  expired_events?: number;
  rolled_up_days?: number;
  deleted_events?: number;
  deleted_salts?: number;
};

export async function applyVisitRetention(client: NodeLeadClient, dryRun: boolean): Promise<VisitRetention> {
  const { data, error } = await client.rpc('delete_expired_visit_events', { dry_run: dryRun });
  if (error) {
    throw Object.assign(
      new Error(`delete_expired_visit_events: ${error.message} (${error.code || 'no response'})`),
      error,
    );
  }
  return data as VisitRetention;
}

export function formatVisitRetention(result: VisitRetention, target: string): string {
  const before = new Date(result.cutoff).toISOString();
  if (result.dry_run) {
    return `Would delete ${result.expired_events ?? 0} raw visit event(s) counted before ${before} (raw visit events are kept ${result.days_kept} days, then only their daily totals) at ${target}`;
  }
  return `Rolled up ${result.rolled_up_days ?? 0} day(s) of visit events into daily totals and deleted ${result.deleted_events ?? 0} raw visit event(s) counted before ${before} (raw visit events are kept ${result.days_kept} days, then only their daily totals) at ${target}`;
}

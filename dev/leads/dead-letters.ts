// What the outbox gave up (issue 45, docs/notifications.md "One outbox"): `npm run leads` ends with every dead job
// of private.outbox (lead notifications, booking messages, calendar writes, CRM changes), newest first, from
// public.outbox_dead_letters. Nothing is printed when nothing gave up. A job is retried by hand in the SQL editor
// (docs/notifications.md, "Monitoring"); a CRM change by `npm run leads -- crm retry <job id>`.
import type { NodeLeadClient } from '../local-api/node-client';
import { call } from './bookings';

export type DeadLetter = {
  job_id: string;
  queue: string;
  kind: string;
  booking_id: string | null;
  recipient: string | null;
  host_id: string | null;
  attempts: number;
  queued_at: string;
  last_attempt_at: string | null;
  last_error: string | null;
};

const QUEUE_NAMES: Record<string, string> = {
  lead_notification: 'lead notification',
  booking_message: 'booking message',
  calendar_write: 'calendar write',
  crm_sync: 'CRM change',
};

/** Every dead job; none where the database has no outbox migration yet. */
export async function fetchDeadLetters(client: NodeLeadClient): Promise<DeadLetter[]> {
  try {
    return await call<DeadLetter[]>(client, 'outbox_dead_letters', {});
  } catch (error) {
    if ((error as { code?: string }).code === 'PGRST202') return [];
    throw error;
  }
}

const utc = (timestamp: string) => `${new Date(timestamp).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** One line per dead job: when, what, for which booking (a booking's jobs), after how many attempts, and why. */
export function formatDeadLetters(rows: DeadLetter[], inert: (text: string) => string): string {
  if (rows.length === 0) return '';
  const lines = rows.map((row) => {
    const what = `${QUEUE_NAMES[row.queue] ?? row.queue} ${row.kind}${row.recipient ? ` to ${row.recipient}` : ''}`;
    const when = utc(row.last_attempt_at ?? row.queued_at);
    const why = inert(row.last_error ?? 'unknown error');
    const booking = row.booking_id ? `, booking ${row.booking_id}` : '';
    // A CRM change has its own retry command (dev/leads/crm.ts); the others are retried by hand.
    const retry = row.queue === 'crm_sync' ? ` (npm run leads -- crm retry ${row.job_id})` : '';
    return `  ${when} ${what}${booking}: dead after ${row.attempts} attempt(s): ${why}${retry}`;
  });
  return [
    `Given up (${rows.length}): fix the cause, then retry the job by hand (docs/notifications.md)`,
    ...lines,
  ].join('\n');
}

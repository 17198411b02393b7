import type { NodeLeadClient } from '../local-api/node-client';

// Each lead's notification, as `npm run leads` shows it: pending, sending, sent (when), failed attempts,
// dead (with the last error). Read through lead_notification_statuses, which only service_role may call.
export type NotificationStatus = {
  lead_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
};

const utc = (timestamp: string) => new Date(timestamp).toISOString().slice(0, 19).replace('T', ' ');
const failures = (count: number) => (count === 1 ? '1 failed attempt' : `${count} failed attempts`);

export function describeNotification(status: NotificationStatus | undefined): string {
  if (!status) return 'none';
  switch (status.status) {
    case 'sent':
      return `sent ${utc(status.sent_at ?? status.next_attempt_at)}${status.attempts > 1 ? `, after ${failures(status.attempts - 1)}` : ''}`;
    case 'dead':
      return `dead after ${failures(status.attempts)}: ${status.last_error ?? 'unknown error'}`;
    case 'sending':
      return `sending (attempt ${status.attempts})`;
    default:
      return status.attempts > 0
        ? `pending, ${failures(status.attempts)}, next ${utc(status.next_attempt_at)}: ${status.last_error ?? ''}`
        : 'pending';
  }
}

/** Statuses by lead id; an empty map when the project has no notifications migration yet. */
export async function fetchNotificationStatuses(
  client: NodeLeadClient,
  leadIds: string[],
): Promise<Map<string, NotificationStatus>> {
  if (leadIds.length === 0) return new Map();
  const { data, error } = await client.rpc('lead_notification_statuses', { lead_ids: leadIds });
  if (error) throw new Error(`Could not read notification statuses: ${error.message} (${error.code || 'no response'})`);
  return new Map((data ?? []).map((row) => [row.lead_id, row]));
}

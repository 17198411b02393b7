// What the team was sent during a flood (bench/lead-flood.ts): the local notification runner (the notify-leads Edge
// Function under Deno with the local mail sink, dev/notifications/runner.ts) delivers the lead outbox as on a hosted
// project; each message's Idempotency-Key is its outbox job's id, so every message is traced to its job: a lead's
// own notification, or the hour's digest of held leads, which lists a held lead's e-mail address once or, past its
// caps (digest-render.ts), counts it under its reason with the command that lists it.
// Booking messages (invitations, host copies) come from the booking outbox and are counted apart.
import type { SunkMessage } from '../../dev/notifications/mail-sink';
import type { Sql } from './flood-report';

type Job = {
  id: string;
  kind: 'lead' | 'held_digest';
  status: string;
  digest_hour: string | null;
  email: string | null;
};

async function outboxJobs(sql: Sql): Promise<Map<string, Job>> {
  const jobs = await sql<Job>(
    `select n.id::text as id, n.kind, n.status, n.digest_hour::text as digest_hour, coalesce(c.email, r.email) as email
       from private.outbox n
       left join public.contact_messages c on n.lead_table = 'contact_messages' and c.id = n.lead_id
       left join public.consultation_requests r on n.lead_table = 'consultation_requests' and r.id = n.lead_id
      where n.queue = 'lead_notification'`,
  );
  return new Map(jobs.map((job) => [job.id, job]));
}

/** The hour's digest is due a minute after the hour ends; the bench makes the pending ones due now, after the flood. */
export async function makeDigestsDue(sql: Sql): Promise<number> {
  const rows = await sql(
    `update private.outbox set next_attempt_at = now()
      where kind = 'held_digest' and status = 'pending' returning id`,
  );
  return rows.length;
}

/** Waits until no lead job is pending or being sent (or `timeoutMs` passes); the jobs still open. */
export async function waitForOutbox(sql: Sql, timeoutMs: number, kind?: 'lead' | 'held_digest'): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ open }] = await sql<{ open: number }>(
      `select count(*)::int as open from private.outbox
        where queue = 'lead_notification' and status in ('pending', 'sending') and next_attempt_at <= now() + interval '5 minutes'
          and ($1::text is null or kind = $1)`,
      [kind ?? null],
    );
    if (open === 0 || Date.now() > deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Real leads still held, by e-mail address, with the id of the digest job for their clock hour (as the guard sets it). */
async function heldRealLeads(sql: Sql, realEmails: string[]): Promise<Map<string, string | null>> {
  const rows = await sql<{ email: string; digest_id: string | null }>(
    `select l.email, (select n.id::text from private.outbox n
                       where n.kind = 'held_digest' and n.digest_hour = date_trunc('hour', l.created_at, 'UTC')) as digest_id
       from (select email, created_at, hold_reason, released_at, duplicate_of from public.contact_messages
             union all
             select email, created_at, hold_reason, released_at, duplicate_of from public.consultation_requests) l
      where l.email = any($1) and l.hold_reason is not null and l.released_at is null and l.duplicate_of is null`,
    [realEmails],
  );
  return new Map(rows.map((row) => [row.email, row.digest_id]));
}

export type NotificationTally = {
  /**
   * Per real lead: messages that named it (its own, plus the digests that listed it), and whether its hour's digest
   * only counted it (held, past the digest's caps: reached through the command the digest gives).
   */
  perRealLead: Record<string, { own: number; inDigest: number; countedInDigest: boolean }>;
  realLeadsNotifiedOnce: number;
  realLeadsNotNotified: string[];
  realLeadsNotifiedMoreThanOnce: string[];
  /** Flood leads' own notifications (each a flood lead the guard did not hold). */
  floodOwnMessages: number;
  digests: { hour: string; leadsListed: number; textBytes: number; htmlBytes: number }[];
  /** Digest messages per clock hour, most in any hour. */
  mostDigestsInOneHour: number;
  bookingMessages: number;
  sinkRequests: number;
};

export async function tallyNotifications(
  sql: Sql,
  messages: SunkMessage[],
  sinkRequests: number,
  realEmails: string[],
  isFloodEmail: (email: string) => boolean,
): Promise<NotificationTally> {
  const jobs = await outboxJobs(sql);
  const perRealLead: NotificationTally['perRealLead'] = Object.fromEntries(
    realEmails.map((email) => [email, { own: 0, inDigest: 0, countedInDigest: false }]),
  );
  let floodOwnMessages = 0;
  let bookingMessages = 0;
  const digests: NotificationTally['digests'] = [];
  const sentDigests = new Set<string>();
  for (const message of messages) {
    const job = jobs.get(message.idempotencyKey);
    if (!job) {
      bookingMessages += 1;
      continue;
    }
    if (job.kind === 'lead' && job.email) {
      if (perRealLead[job.email]) perRealLead[job.email].own += 1;
      else if (isFloodEmail(job.email)) floodOwnMessages += 1;
      continue;
    }
    sentDigests.add(job.id);
    digests.push({
      hour: job.digest_hour ?? '',
      leadsListed: (message.text.match(/^\d+\. /gm) ?? []).length,
      textBytes: Buffer.byteLength(message.text),
      htmlBytes: Buffer.byteLength(message.html),
    });
    for (const email of realEmails) perRealLead[email].inDigest += message.text.split(email).length - 1;
  }
  const held = await heldRealLeads(sql, realEmails);
  for (const email of realEmails) {
    const lead = perRealLead[email];
    const digestId = held.get(email);
    lead.countedInDigest = lead.own + lead.inDigest === 0 && !!digestId && sentDigests.has(digestId);
  }
  const times = (email: string) =>
    perRealLead[email].own + perRealLead[email].inDigest + (perRealLead[email].countedInDigest ? 1 : 0);
  const perHour: Record<string, number> = {};
  for (const digest of digests) perHour[digest.hour] = (perHour[digest.hour] ?? 0) + 1;
  return {
    perRealLead,
    realLeadsNotifiedOnce: realEmails.filter((email) => times(email) === 1).length,
    realLeadsNotNotified: realEmails.filter((email) => times(email) === 0),
    realLeadsNotifiedMoreThanOnce: realEmails.filter((email) => times(email) > 1),
    floodOwnMessages,
    digests,
    mostDigestsInOneHour: Math.max(0, ...Object.values(perHour)),
    bookingMessages,
    sinkRequests,
  };
}

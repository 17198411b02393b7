// What a flood left in the database (issue 36): each lead's row (held or not, why, a retry or not, its per-lead
// notification job), the hour's digest jobs, the size of what a flood grows, and the answers summed up. Read as the
// database owner; shared by bench/lead-flood.ts and __tests__/contract/lead-flood.test.ts.
import type { ChallengeKind } from './flood-challenges';
import type { FloodAnswer, LeadTable } from './flood';

export type Sql = <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;

export type StoredLead = {
  lead_table: LeadTable;
  id: string;
  email: string;
  hold_reason: string | null;
  duplicate: boolean;
  /** Per-lead notification jobs in the outbox for this lead (0 or 1: one per lead is a constraint). */
  jobs: number;
  created_at: string;
  /** Seconds from its valid challenge's issue to the lead; null without one (held-order.ts ranks by it). */
  seconds_to_send: number | null;
};

/** The rows of both lead tables whose e-mail address is one of `emails`. */
export async function storedLeads(sql: Sql, emails: string[]): Promise<StoredLead[]> {
  return sql<StoredLead>(
    `select t.lead_table, t.id, t.email, t.hold_reason, t.duplicate, t.created_at,
            private.seconds_to_send(t.created_at, t.challenge_issued_at) as seconds_to_send,
            (select count(*)::int from private.outbox n
              where n.kind = 'lead' and n.lead_table = t.lead_table and n.lead_id = t.id) as jobs
       from (select 'contact_messages' as lead_table, id, email, hold_reason, duplicate_of is not null as duplicate,
                    created_at, challenge_issued_at from public.contact_messages where email = any($1)
             union all
             select 'consultation_requests', id, email, hold_reason, duplicate_of is not null, created_at,
                    challenge_issued_at
               from public.consultation_requests where email = any($1)) t`,
    [emails],
  );
}

/** Digest jobs (one per clock hour with held leads at most): their hour and status. */
export async function digestJobs(sql: Sql): Promise<{ digest_hour: string; status: string }[]> {
  return sql(`select digest_hour, status from private.outbox where kind = 'held_digest' order by digest_hour`);
}

/** The relations a flood grows, with their indexes and TOAST (bytes), and their rows. */
export const GROWING_RELATIONS = [
  'public.contact_messages',
  'public.consultation_requests',
  'private.outbox',
  'private.used_lead_challenges',
] as const;

export type Sizes = Record<(typeof GROWING_RELATIONS)[number], { bytes: number; rows: number }>;

export async function relationSizes(sql: Sql): Promise<Sizes> {
  const sizes = {} as Sizes;
  for (const relation of GROWING_RELATIONS) {
    const [row] = await sql<{ bytes: string; rows: number }>(
      `select pg_total_relation_size('${relation}'::regclass)::text as bytes, (select count(*)::int from ${relation}) as rows`,
    );
    sizes[relation] = { bytes: Number(row.bytes), rows: row.rows };
  }
  return sizes;
}

export function sizeGrowth(before: Sizes, after: Sizes, hours: number) {
  const perRelation = Object.fromEntries(
    GROWING_RELATIONS.map((relation) => [
      relation,
      {
        bytes: after[relation].bytes - before[relation].bytes,
        rows: after[relation].rows - before[relation].rows,
        bytesPerHour: Math.round((after[relation].bytes - before[relation].bytes) / hours),
      },
    ]),
  );
  const bytes = GROWING_RELATIONS.reduce((sum, relation) => sum + after[relation].bytes - before[relation].bytes, 0);
  return { hours, bytes, bytesPerHour: Math.round(bytes / hours), perRelation };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const timing = (values: number[]) => ({
  count: values.length,
  p50: Math.round(percentile(values, 50)),
  p95: Math.round(percentile(values, 95)),
  p99: Math.round(percentile(values, 99)),
  max: Math.round(values.length ? Math.max(...values) : NaN),
});

/** The limits that may refuse a lead: all tied to the sender (its connection, network block, e-mail address). */
export const SENDER_LIMITS: Record<string, RegExp> = {
  client: /^Too many submissions from this connection/,
  network: /^Too many submissions from this network/,
  email: /^Too many submissions from this e-mail address/,
};

/** Answers other than 201, by the limit that refused them, or by status and message when none did. */
export function refusals(answers: { status: number; message?: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    if (answer.status === 201) continue;
    const limit = Object.keys(SENDER_LIMITS).find((name) => SENDER_LIMITS[name].test(answer.message ?? ''));
    const key = limit && answer.status === 400 ? limit : `${answer.status} ${answer.message ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

/** The flood's answers and rows by challenge kind: sent, refused, stored held (by reason) or not, notified. */
export function byChallengeKind(answers: FloodAnswer[], rows: StoredLead[]) {
  const rowByEmail = new Map(rows.map((row) => [row.email, row]));
  const kinds = [...new Set(answers.map((answer) => answer.sent))] as ChallengeKind[];
  return Object.fromEntries(
    kinds.map((kind) => {
      const sent = answers.filter((answer) => answer.sent === kind);
      const stored = sent.map((answer) => rowByEmail.get(answer.email)).filter((row) => row !== undefined);
      return [
        kind,
        {
          sent: sent.length,
          answered201: sent.filter((answer) => answer.status === 201).length,
          refused: refusals(sent),
          stored: stored.length,
          storedNotHeld: stored.filter((row) => row.hold_reason === null).length,
          heldBy: count(
            stored.filter((row) => row.hold_reason !== null),
            (row) => row.hold_reason ?? '',
          ),
          perLeadJobs: stored.reduce((sum, row) => sum + row.jobs, 0),
        },
      ];
    }),
  );
}

export const holdReasons = (rows: StoredLead[]) => count(rows, (row) => row.hold_reason ?? 'not held');

// An in-memory database keeping the CRM sync's contract (/tmp/crm-contract.md → docs/crm.md): targets on, paused
// or off; one job per target and change, handed out one at a time per person and target (the ordering key) with
// a lease; remote ids stored per lead (and booking); fail's retry, 'pause' (the team told once per pause) and
// 'off'. It answers the data API's RPC endpoint, so the function's real RPC code is what talks to it. The test
// moves its clock.
import type { Target } from '../config.ts';
import type { Change, CrmBooking, CrmLead, CrmSnapshot, Outcome, RemoteKind, Stop } from '../database.ts';

type Job = {
  id: string;
  position: number;
  target: Target;
  change: Change;
  status: 'pending' | 'sending' | 'sent' | 'dead';
  attempts: number;
  nextAttemptAt: number;
  claimToken: string | null;
  leadKey: string;
  bookingId: string | null;
  snapshot: CrmSnapshot | null;
  orderingKey: string;
  queuedAt: number;
  lastError: string | null;
};

type TargetRow = {
  pausedAt: number | null;
  pausedReason: string | null;
  turnedOffAt: number | null;
  reason: string | null;
};

export type Notification = { kind: string; idempotency_key: string; payload: Record<string, unknown> };
export type RpcCall = { name: string; args: Record<string, unknown> };
export type FailArgs = {
  job_id: string;
  claim_token: string;
  error: string;
  retry_in_seconds: number | null;
  stop: Stop | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

export class FakeCrmDatabase {
  now: number;
  /** Off only to show what the CRMs' own dedup does when two changes of one person run at once. */
  holdsOrder = true;
  readonly targets = new Map<Target, TargetRow>();
  readonly leads = new Map<string, CrmLead>();
  readonly bookings = new Map<string, { booking: CrmBooking; leadKey: string }>();
  readonly jobs: Job[] = [];
  readonly remoteIds = new Map<string, string>();
  readonly notifications: Notification[] = [];
  readonly calls: RpcCall[] = [];
  /** RPC name → how many more calls answer 503 (the database or the run dropped). */
  readonly outages = new Map<string, number>();
  /** Called before each RPC is answered (a test's way to act between two steps of a run). */
  beforeRpc?: (name: string) => void;
  private counter = 0;

  constructor(now: string) {
    this.now = Date.parse(now);
  }

  advance(seconds: number) {
    this.now += seconds * 1000;
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}-${String(this.counter).padStart(4, '0')}`;
  }

  turnOn(...targets: Target[]) {
    for (const target of targets)
      this.targets.set(target, { pausedAt: null, pausedReason: null, turnedOffAt: null, reason: null });
  }

  resume(target: Target): number {
    const row = this.targets.get(target)!;
    row.pausedAt = null;
    row.pausedReason = null;
    const pending = this.jobs.filter((job) => job.target === target && job.status === 'pending');
    for (const job of pending) job.nextAttemptAt = this.now;
    return pending.length;
  }

  private queue(change: Change, leadKey: string, bookingId: string | null, snapshot: CrmSnapshot | null) {
    const lead = this.leads.get(leadKey)!;
    for (const [target, row] of this.targets) {
      if (row.turnedOffAt !== null) continue;
      this.jobs.push({
        id: this.id('job'),
        position: this.jobs.length,
        target,
        change,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: this.now,
        claimToken: null,
        leadKey,
        bookingId,
        snapshot,
        orderingKey: `${target}:${lead.email.trim().toLowerCase()}`,
        queuedAt: this.now,
        lastError: null,
      });
    }
  }

  /** A lead announced (stored, or released from a hold): lead.created for each target that is on. */
  addLead(lead: Partial<CrmLead> & { email: string; name: string }): string {
    const full: CrmLead = {
      table: 'consultation_requests',
      id: this.id('lead'),
      created_at: iso(this.now),
      request: 'strategy_call',
      company: null,
      phone: null,
      message: null,
      attribution: null,
      ...lead,
    };
    const key = `${full.table}/${full.id}`;
    this.leads.set(key, full);
    this.queue('lead.created', key, null, null);
    return key;
  }

  private snapshot(booking: CrmBooking, extra: Partial<CrmSnapshot> = {}): CrmSnapshot {
    return {
      sequence: booking.sequence,
      starts_at: booking.starts_at,
      ends_at: booking.ends_at,
      previous_starts_at: null,
      outcome: null,
      recorded_at: null,
      ...extra,
    };
  }

  book(leadKey: string, booking: Omit<CrmBooking, 'id' | 'status' | 'sequence' | 'outcome'>): string {
    const full: CrmBooking = { id: this.id('booking'), status: 'booked', sequence: 0, outcome: null, ...booking };
    this.bookings.set(full.id, { booking: full, leadKey });
    this.queue('booking.created', leadKey, full.id, this.snapshot(full));
    return full.id;
  }

  move(bookingId: string, startsAt: string, endsAt: string) {
    const entry = this.bookings.get(bookingId)!;
    const previous = entry.booking.starts_at;
    entry.booking = { ...entry.booking, starts_at: startsAt, ends_at: endsAt, sequence: entry.booking.sequence + 1 };
    this.queue(
      'booking.moved',
      entry.leadKey,
      bookingId,
      this.snapshot(entry.booking, { previous_starts_at: previous }),
    );
  }

  cancel(bookingId: string) {
    const entry = this.bookings.get(bookingId)!;
    entry.booking = { ...entry.booking, status: 'cancelled', sequence: entry.booking.sequence + 1 };
    this.queue('booking.cancelled', entry.leadKey, bookingId, this.snapshot(entry.booking));
  }

  recordOutcome(bookingId: string, outcome: Outcome) {
    const entry = this.bookings.get(bookingId)!;
    entry.booking = { ...entry.booking, outcome };
    this.queue(
      'call.outcome',
      entry.leadKey,
      bookingId,
      this.snapshot(entry.booking, { outcome, recorded_at: iso(this.now) }),
    );
  }

  private remoteKey(target: string, leadKey: string, bookingId: string | null, kind: RemoteKind) {
    const perBooking = kind === 'meeting' || kind === 'activity';
    return `${target}|${leadKey}|${perBooking ? bookingId : ''}|${kind}`;
  }

  remote(target: Target, leadKey: string, bookingId: string | null) {
    const remote: Record<string, string> = {};
    for (const kind of ['contact', 'note', 'person', 'lead', 'meeting', 'activity'] as RemoteKind[]) {
      if ((kind === 'meeting' || kind === 'activity') && !bookingId) continue;
      const value = this.remoteIds.get(this.remoteKey(target, leadKey, bookingId, kind));
      if (value) remote[kind] = value;
    }
    return remote;
  }

  jobsOf(target: Target) {
    return this.jobs.filter((job) => job.target === target);
  }

  // --- the RPCs ---

  claim_crm_changes({ batch_size = 10, lease_seconds = 120 }: { batch_size?: number; lease_seconds?: number }) {
    const runnable = (job: Job) => {
      const row = this.targets.get(job.target);
      return row && row.turnedOffAt === null && row.pausedAt === null;
    };
    const due = this.jobs
      .filter((job) => (job.status === 'pending' || job.status === 'sending') && job.nextAttemptAt <= this.now)
      .filter(runnable)
      .filter(
        (job) =>
          !this.holdsOrder ||
          !this.jobs.some(
            (earlier) =>
              earlier.orderingKey === job.orderingKey &&
              earlier.position < job.position &&
              (earlier.status === 'pending' || earlier.status === 'sending'),
          ),
      )
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.position - b.position)
      .slice(0, Math.max(1, Math.min(batch_size, 100)));
    return due.map((job) => {
      job.status = 'sending';
      job.claimToken = this.id('claim');
      job.attempts += 1;
      job.nextAttemptAt = this.now + Math.max(lease_seconds, 10) * 1000;
      const lead = this.leads.get(job.leadKey)!;
      const current = job.bookingId ? this.bookings.get(job.bookingId)!.booking : null;
      return {
        job_id: job.id,
        claim_token: job.claimToken,
        target: job.target,
        change: job.change,
        attempts: job.attempts,
        queued_at: iso(job.queuedAt),
        lead: structuredClone(lead),
        booking: current && structuredClone(current),
        snapshot: job.snapshot,
        remote: this.remote(job.target, job.leadKey, job.bookingId),
      };
    });
  }

  private held(jobId: string, token: string) {
    const job = this.jobs.find((candidate) => candidate.id === jobId);
    return job && job.status === 'sending' && job.claimToken === token ? job : undefined;
  }

  record_crm_remote_id({ job_id, claim_token, kind, remote_id }: Record<string, string>) {
    const job = this.held(job_id, claim_token);
    if (!job) return false;
    this.remoteIds.set(this.remoteKey(job.target, job.leadKey, job.bookingId, kind as RemoteKind), remote_id);
    return true;
  }

  complete_crm_change({ job_id, claim_token }: Record<string, string>) {
    const job = this.held(job_id, claim_token);
    if (!job) return false;
    job.status = 'sent';
    job.claimToken = null;
    job.lastError = null;
    return true;
  }

  fail_crm_change({ job_id, claim_token, error, retry_in_seconds, stop }: FailArgs) {
    const job = this.held(job_id, claim_token);
    if (!job) return false;
    job.lastError = error;
    job.claimToken = null;
    const row = this.targets.get(job.target)!;
    const tell = (extra: Record<string, unknown>) => {
      const key = `crm_failed:${job.target}:${(row.pausedAt ?? row.turnedOffAt!) * 1000}`;
      if (this.notifications.some((notification) => notification.idempotency_key === key)) return;
      this.notifications.push({
        kind: 'crm_failed',
        idempotency_key: key,
        payload: { target: job.target, error, job_id: job.id, change: job.change, ...extra },
      });
    };
    if (stop === 'pause') {
      job.status = 'pending';
      job.nextAttemptAt = this.now;
      if (row.pausedAt === null) {
        row.pausedAt = this.now;
        row.pausedReason = error;
      }
      tell({});
    } else if (stop === 'off') {
      row.turnedOffAt = this.now;
      row.reason = error;
      for (const other of this.jobsOf(job.target)) {
        if (other === job || other.status === 'pending') {
          other.status = 'dead';
          other.lastError = error;
        }
      }
      tell({ turned_off: true });
    } else if (retry_in_seconds === null || retry_in_seconds === undefined) {
      job.status = 'dead';
    } else {
      job.status = 'pending';
      job.nextAttemptAt = this.now + Math.min(3600, Math.max(1, retry_in_seconds)) * 1000;
    }
    return true;
  }

  /** The data API's RPC endpoint (POST <url>/rest/v1/rpc/<name>). */
  handler = async (request: Request): Promise<Response> => {
    const name = new URL(request.url).pathname.split('/').pop()!;
    const args = JSON.parse((await request.text()) || '{}');
    this.calls.push({ name, args });
    this.beforeRpc?.(name);
    const outage = this.outages.get(name) ?? 0;
    if (outage > 0) {
      this.outages.set(name, outage - 1);
      return new Response('{"message":"connection lost"}', { status: 503 });
    }
    const rpc = (this as unknown as Record<string, (args: unknown) => unknown>)[name];
    if (typeof rpc !== 'function' || !/_crm_/.test(name))
      return new Response('{"message":"no such function"}', { status: 404 });
    return Response.json(rpc.call(this, args));
  };
}

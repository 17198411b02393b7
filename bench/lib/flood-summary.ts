// The flood bench's figures (bench/lead-flood.ts): the flood's answers and rows, the real visitors' outcomes, and
// the table printed at the end beside the goals.
import type { FloodResult } from './flood';
import type { NotificationTally } from './flood-notifications';
import { byChallengeKind, holdReasons, refusals, timing, type StoredLead } from './flood-report';
import type { VisitorOutcome } from './flood-visitors';
import { isTrafficHold } from '../../supabase/functions/notify-leads/hold-reasons';
import { tookAPersonsTime } from '../../supabase/functions/notify-leads/held-order';

/**
 * Of the leads held only for the traffic (the digest's probably-real group), how many took a person's time to send
 * and are listed first (held-order.ts).
 */
const personsTime = (rows: StoredLead[]) => {
  const traffic = rows.filter((row) => row.hold_reason !== null && isTrafficHold(row.hold_reason));
  return { heldForTraffic: traffic.length, tookAPersonsTime: traffic.filter(tookAPersonsTime).length };
};

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

export function summariseFlood(flood: FloodResult, rows: StoredLead[]) {
  const steady = flood.answers.filter((answer) => answer.phase === 'flood');
  const burst = flood.answers.filter((answer) => answer.phase === 'burst');
  const kinds = byChallengeKind(flood.answers, rows);
  const unheld = (kind: string) => kinds[kind]?.storedNotHeld ?? 0;
  return {
    requests: { steady: steady.length, burst: burst.length, total: flood.answers.length },
    stoppedBy: flood.stoppedBy,
    lateSteadyRequests: flood.late,
    steadySeconds: Math.round(flood.steadyMs / 1000),
    burstSeconds: Math.round(flood.burstMs / 100) / 10,
    answered201: flood.answers.filter((answer) => answer.status === 201).length,
    refused: refusals(flood.answers),
    insertMs: { steady: timing(steady.map((a) => a.ms)), burst: timing(burst.map((a) => a.ms)) },
    stored: rows.length,
    holdReasons: holdReasons(rows),
    perLeadJobs: rows.reduce((sum, row) => sum + row.jobs, 0),
    heldWithAJob: rows.filter((row) => row.hold_reason !== null && row.jobs > 0).length,
    acceptedUnheld: {
      replayed: unheld('replayed'),
      expired: unheld('expired'),
      bad_signature: unheld('bad_signature'),
      missing: unheld('missing'),
    },
    /** Kinds that could not be made when drawn (no solved challenge ready, nothing to replay yet): sent without. */
    sentWithoutInstead: count(
      flood.answers.filter((answer) => answer.wanted !== answer.sent),
      (answer) => answer.wanted,
    ),
    byChallengeKind: kinds,
    personsTime: personsTime(rows),
  };
}

export function summariseVisitors(
  outcomes: VisitorOutcome[],
  rows: StoredLead[],
  bookings: { email: string; status: string }[],
) {
  const rowOf = new Map(rows.filter((row) => !row.duplicate).map((row) => [row.email, row]));
  const inserted = outcomes.filter((outcome) => outcome.insert);
  return {
    planned: outcomes.length,
    stored: rowOf.size,
    refused: outcomes.filter((outcome) => outcome.insert?.status === 400).length,
    insertFailedOtherwise: outcomes.filter((o) => o.insert && o.insert.status !== 201 && o.insert.status !== 400)
      .length,
    noInsertSeen: outcomes.length - inserted.length,
    sentWithChallenge: inserted.filter((outcome) => outcome.insert?.withChallenge).length,
    shown: count(outcomes, (outcome) => outcome.shown),
    holdReasons: holdReasons([...rowOf.values()]),
    personsTime: personsTime([...rowOf.values()]),
    inFloodBlock: {
      visitors: outcomes.filter((outcome) => outcome.inFloodBlock).length,
      holdReasons: holdReasons(outcomes.flatMap((o) => (o.inFloodBlock && rowOf.get(o.email)) || [])),
    },
    booking: count(
      outcomes.filter((outcome) => outcome.surface !== 'contact'),
      (outcome) => outcome.booking,
    ),
    bookingsStored: count(bookings, (booking) => booking.status),
    insertMs: timing(inserted.filter((o) => o.insert?.status === 201).map((o) => o.insert?.ms ?? 0)),
    visitSeconds: timing(outcomes.map((outcome) => outcome.seconds)),
    errors: outcomes.filter((outcome) => outcome.error).map((o) => `${o.index} ${o.surface}: ${o.error}`),
    pageErrors: outcomes.flatMap((outcome) => outcome.pageErrors.map((error) => `${outcome.index}: ${error}`)),
    each: outcomes.map((o) => ({
      visitor: o.index,
      surface: o.surface,
      inFloodBlock: o.inFloodBlock,
      phone: o.phone,
      startAt: Math.round(o.startAt / 1000),
      insert: o.insert ? `${o.insert.status} ${o.insert.ms} ms${o.insert.withChallenge ? '' : ', no challenge'}` : '-',
      hold: rowOf.get(o.email)?.hold_reason ?? (rowOf.has(o.email) ? null : 'not stored'),
      notified: rowOf.get(o.email)?.jobs ?? 0,
      secondsToSend: rowOf.get(o.email)?.seconds_to_send ?? null,
      shown: o.shown,
      booking: o.booking,
    })),
  };
}

type Results = {
  flood: ReturnType<typeof summariseFlood>;
  visitors: ReturnType<typeof summariseVisitors>;
  notifications: NotificationTally;
  growth: { steady: { bytesPerHour: number; hours: number } };
};

const list = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ') || '0';

export function printTable({ flood, visitors, notifications, growth }: Results): void {
  const rows: [string, string, string][] = [
    ['Real leads stored', `${visitors.stored}/${visitors.planned}`, `${visitors.planned}/${visitors.planned}`],
    ['Real leads refused', String(visitors.refused), '0'],
    ['Real visitors were told', list(visitors.shown), `success ${visitors.planned}`],
    ['Real leads held (why)', list(visitors.holdReasons), '-'],
    [
      'Real leads notified exactly once',
      `${notifications.realLeadsNotifiedOnce}/${visitors.planned} (own ${Object.values(notifications.perRealLead).filter((n) => n.own).length}, digest ${Object.values(notifications.perRealLead).filter((n) => n.inDigest).length}, counted in a digest ${Object.values(notifications.perRealLead).filter((n) => n.countedInDigest).length})`,
      `${visitors.planned}`,
    ],
    [
      "Held for traffic and took a person's time",
      `real ${visitors.personsTime.tookAPersonsTime}/${visitors.personsTime.heldForTraffic}, flood ${flood.personsTime.tookAPersonsTime}/${flood.personsTime.heldForTraffic}`,
      '-',
    ],
    ['Real bookings (picked a time)', list(visitors.booking), '-'],
    ['Flood: per-lead notifications', String(notifications.floodOwnMessages), '0'],
    ['Flood: most digests in one clock hour', String(notifications.mostDigestsInOneHour), '<= 1'],
    [
      'Replayed / expired / bad accepted unheld',
      `${flood.acceptedUnheld.replayed} / ${flood.acceptedUnheld.expired} / ${flood.acceptedUnheld.bad_signature}`,
      '0 / 0 / 0',
    ],
    ['Flood requests (steady + burst)', `${flood.requests.steady} + ${flood.requests.burst}`, '-'],
    ['Flood refused (by limit)', list(flood.refused), 'sender limits only'],
    ['Flood stored (held why)', `${flood.stored} (${list(flood.holdReasons)})`, '-'],
    [
      'Insert ms under flood p50/p95/p99',
      `${flood.insertMs.steady.p50} / ${flood.insertMs.steady.p95} / ${flood.insertMs.steady.p99}`,
      '-',
    ],
    [
      'Insert ms in the burst p50/p95/p99',
      `${flood.insertMs.burst.p50} / ${flood.insertMs.burst.p95} / ${flood.insertMs.burst.p99}`,
      '-',
    ],
    ['Visitors insert ms p50/p95', `${visitors.insertMs.p50} / ${visitors.insertMs.p95}`, '-'],
    ['DB growth per hour of flood', `${(growth.steady.bytesPerHour / 1048576).toFixed(1)} MB`, '-'],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length), 8));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column])).join(' | ');
  console.log(line(['Measure', 'Measured', 'Goal']));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

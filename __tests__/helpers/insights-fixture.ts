// A small, seeded history of visits, leads, booked calls and their outcomes for the insights reports' tests
// (__tests__/contract/insights-reports.test.ts), and its insertion as rows at chosen instants (api.sql, as the
// database owner: no waiting, no clock). The expected numbers are computed from the same history by
// ./insights-model.ts, independently of the SQL.
import { randomUUID } from 'node:crypto';
import type { TestApi } from './local-api';

export const TEAM_ZONE = 'Australia/Sydney';

export type Source = { utm_source?: string; utm_campaign?: string; referrer_host?: string };
export type EventKind = 'page_view' | 'chat_opened' | 'form_started';
export type VisitEvent = { at: Date; kind: EventKind; path: string; source: Source; landing: string };
export type Call = {
  id: string;
  at: Date;
  status: 'booked' | 'cancelled';
  outcome?: 'attended' | 'no_show' | 'moved';
};
export type LeadTable = 'consultation_requests' | 'contact_messages';
export type Lead = {
  id: string;
  table: LeadTable;
  at: Date;
  /** The attribution column as stored (null: none at all). */
  attribution: Record<string, string> | null;
  duplicateOf?: string;
  held?: 'held' | 'released';
  call?: Call;
};
export type Visit = { id: string; events: VisitEvent[] };
export type History = { visits: Visit[]; leads: Lead[]; days: { day: string; bots: number; flood: number }[] };

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TEAM_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const days = new Map<number, string>();

/** The team's calendar day of an instant, YYYY-MM-DD. */
export function teamDay(at: Date): string {
  let day = days.get(at.getTime());
  if (day === undefined) days.set(at.getTime(), (day = dayFormat.format(at)));
  return day;
}

function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SOURCES: Source[] = [
  { utm_source: 'linkedin', utm_campaign: 'dental-q1' },
  { referrer_host: 'www.google.com' },
  {},
  { utm_source: 'newsletter', utm_campaign: 'april' },
  { referrer_host: 'news.ycombinator.com' },
  { utm_source: 'linkedin', utm_campaign: 'tradies' },
];
const LANDINGS = ['/', '/dental-clinics', '/pricing'];
const PAGES = ['/services', '/pricing', '/contact', '/book'];
const MINUTE = 60_000;

/** The lead's attribution as the site stores it (src/lib/attribution.ts), from a visit's first page view. */
function attributionOf(source: Source, landing: string, submittedFrom: string, visitId?: string) {
  const attribution: Record<string, string> = {
    surface: submittedFrom === '/book' ? 'booking_form' : 'chat',
    landing_page: source.utm_source ? `${landing}?utm_source=${source.utm_source}` : landing,
    submitted_from: submittedFrom,
  };
  if (source.referrer_host) attribution.referrer = `https://${source.referrer_host}`;
  if (source.utm_source) attribution.utm_source = source.utm_source;
  if (source.utm_campaign) attribution.utm_campaign = source.utm_campaign;
  if (visitId) attribution.visit_id = visitId;
  return attribution;
}

type VisitPlan = {
  start: Date;
  source: Source;
  landing: string;
  pages: number;
  /** Later page views come from another source (the last touch differs). */
  laterSource?: Source;
  engage?: EventKind;
  lead?: { table: LeadTable; ownSource?: Source; call?: Omit<Call, 'id' | 'at'> };
};

function addVisit(history: History, plan: VisitPlan): Visit {
  const visit: Visit = { id: randomUUID(), events: [] };
  let path = plan.landing;
  for (let index = 0; index < plan.pages; index += 1) {
    path = index === 0 ? plan.landing : PAGES[(index + plan.landing.length) % PAGES.length];
    visit.events.push({
      at: new Date(plan.start.getTime() + index * 7 * MINUTE),
      kind: 'page_view',
      path,
      source: index > 0 && plan.laterSource ? plan.laterSource : plan.source,
      landing: plan.landing,
    });
  }
  if (plan.engage)
    visit.events.push({
      at: new Date(plan.start.getTime() + (plan.pages * 7 + 3) * MINUTE),
      kind: plan.engage,
      path,
      source: plan.source,
      landing: plan.landing,
    });
  history.visits.push(visit);
  if (plan.lead) {
    const at = new Date(plan.start.getTime() + (plan.pages * 7 + 5) * MINUTE);
    history.leads.push({
      id: randomUUID(),
      table: plan.lead.table,
      at,
      attribution: attributionOf(plan.lead.ownSource ?? plan.source, plan.landing, path, visit.id),
      call: plan.lead.call && { ...plan.lead.call, id: randomUUID(), at: new Date(at.getTime() + 4 * MINUTE) },
    });
  }
  return visit;
}

/**
 * Visits from 20 March to 20 April 2026 (Sydney's daylight saving ends on Sunday 5 April: a 25-hour day) and around
 * Sunday 4 October 2026 (it starts: a 23-hour day), some at the edges of those days; leads from some, calls booked
 * from some of those, outcomes for some calls; leads without a visit, a duplicate, a held and a released lead; and
 * the days' bot and flood counters.
 */
export function makeHistory(seed = 44): History {
  const random = seededRandom(seed);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const history: History = { visits: [], leads: [], days: [] };
  const from = Date.parse('2026-03-20T00:00:00Z');
  const to = Date.parse('2026-04-20T00:00:00Z');
  for (let index = 0; index < 90; index += 1) {
    const start = new Date(from + Math.floor((random() * (to - from)) / MINUTE) * MINUTE);
    const engaged = random() < 0.45;
    const sends = random() < (engaged ? 0.7 : 0.15);
    const table: LeadTable = random() < 0.65 ? 'consultation_requests' : 'contact_messages';
    const booked = table === 'consultation_requests' && random() < 0.65;
    const outcome = pick<Call['outcome'] | undefined>(['attended', 'attended', 'no_show', undefined]);
    addVisit(history, {
      start,
      source: pick(SOURCES),
      landing: pick(LANDINGS),
      pages: 1 + Math.floor(random() * 3),
      laterSource: random() < 0.1 ? { utm_source: 'retargeting', utm_campaign: 'spring' } : undefined,
      engage: engaged ? pick<EventKind>(['chat_opened', 'form_started']) : undefined,
      lead: sends
        ? {
            table,
            // Some leads' own attribution differs from their visit's (the last touch is not the first).
            ownSource: random() < 0.2 ? { utm_source: 'email-footer', utm_campaign: 'signature' } : undefined,
            call: booked ? (random() < 0.2 ? { status: 'cancelled' } : { status: 'booked', outcome }) : undefined,
          }
        : undefined,
    });
  }
  // The edges of the team's days around both changes of daylight saving (UTC instants): 5 April 2026 runs from
  // 4 April 13:00 to 5 April 14:00 UTC; 4 October 2026 from 3 October 14:00 to 4 October 13:00 UTC.
  const edges = [
    '2026-04-04T12:55:00Z', // 23:55 AEDT on 4 April
    '2026-04-04T13:05:00Z', // 00:05 AEDT on 5 April
    '2026-04-04T15:30:00Z', // 02:30 AEDT on 5 April, the first 02:30
    '2026-04-04T16:30:00Z', // 02:30 AEST on 5 April, the second
    '2026-04-05T13:40:00Z', // 23:40 AEST on 5 April (a fixed +11 offset would say 00:40 on the 6th)
    '2026-04-05T14:05:00Z', // 00:05 AEST on 6 April
    '2026-10-03T13:50:00Z', // 23:50 AEST on 3 October
    '2026-10-03T14:10:00Z', // 00:10 AEST on 4 October
    '2026-10-04T12:50:00Z', // 23:50 AEDT on 4 October (a fixed +10 offset would say 22:50)
    '2026-10-04T13:10:00Z', // 00:10 AEDT on 5 October
  ];
  for (const [index, instant] of edges.entries())
    addVisit(history, {
      start: new Date(instant),
      source: SOURCES[index % SOURCES.length],
      landing: LANDINGS[index % LANDINGS.length],
      pages: 1 + (index % 2),
      engage: index % 3 === 0 ? 'chat_opened' : undefined,
      lead:
        index % 2 === 0
          ? {
              table: 'consultation_requests',
              call: { status: 'booked', outcome: index % 4 === 0 ? 'attended' : undefined },
            }
          : undefined,
    });
  // A visit across midnight: a visitor of both days, once in a period holding both.
  addVisit(history, {
    start: new Date('2026-04-07T13:50:00Z'), // 23:50 AEST on 7 April; its second page at 23:57, its third at 00:04
    source: { utm_source: 'linkedin', utm_campaign: 'dental-q1' },
    landing: '/dental-clinics',
    pages: 3,
    engage: 'form_started',
    lead: { table: 'consultation_requests', call: { status: 'booked', outcome: 'attended' } },
  });
  // Leads without a counted visit: Do Not Track (no visit id), and one whose visit has no page view recorded.
  for (const instant of ['2026-04-02T01:00:00Z', '2026-04-05T13:30:00Z', '2026-04-09T05:00:00Z'])
    history.leads.push({
      id: randomUUID(),
      table: 'consultation_requests',
      at: new Date(instant),
      attribution: attributionOf({ utm_source: 'podcast' }, '/', '/book'),
      call: { id: randomUUID(), at: new Date(Date.parse(instant) + 3 * MINUTE), status: 'booked', outcome: 'attended' },
    });
  history.leads.push({
    id: randomUUID(),
    table: 'contact_messages',
    at: new Date('2026-04-03T03:00:00Z'),
    attribution: attributionOf({ referrer_host: 'www.bing.com' }, '/pricing', '/contact', randomUUID()),
  });
  // A lead with no attribution at all (an operator's): its source is unknown.
  history.leads.push({
    id: randomUUID(),
    table: 'contact_messages',
    at: new Date('2026-04-06T02:00:00Z'),
    attribution: null,
  });
  // A duplicate of a counted lead, a held lead and a released one.
  const original = history.leads.find((lead) => lead.table === 'contact_messages' && lead.attribution?.visit_id)!;
  history.leads.push({
    ...original,
    id: randomUUID(),
    at: new Date(original.at.getTime() + MINUTE),
    duplicateOf: original.id,
  });
  const heldVisit = history.visits[0];
  history.leads.push({
    id: randomUUID(),
    table: 'consultation_requests',
    at: new Date('2026-04-05T02:00:00Z'),
    attribution: attributionOf({ utm_source: 'linkedin' }, '/', '/book', heldVisit.id),
    held: 'held',
  });
  history.leads.push({
    id: randomUUID(),
    table: 'contact_messages',
    at: new Date('2026-04-05T03:00:00Z'),
    attribution: attributionOf({ utm_source: 'linkedin' }, '/', '/contact'),
    held: 'released',
  });
  history.days.push(
    { day: '2026-03-31', bots: 1, flood: 0 },
    { day: '2026-04-04', bots: 7, flood: 0 },
    { day: '2026-04-05', bots: 3, flood: 100 },
    { day: '2026-10-04', bots: 2, flood: 5 },
  );
  return history;
}

/** The reports add up a finished day once (private.insights_days); rows written into the past need it forgotten. */
export async function forgetAddedUpDays(api: TestApi): Promise<void> {
  await api.sql(`delete from private.insights_cached_days`);
}

/** Removes every visit event, counter, booking and lead, so that what a test writes next is all there is. */
export async function clearVisitsAndLeads(api: TestApi): Promise<void> {
  for (const table of ['private.visit_events', 'private.visit_event_days', 'private.visit_daily', 'private.bookings'])
    await api.sql(`delete from ${table}`);
  await api.sql(`delete from public.consultation_requests`);
  await api.sql(`delete from public.contact_messages`);
}

/** Writes the history's rows (after removing every visit event, lead, booking, counter and host). */
export async function storeHistory(api: TestApi, history: History): Promise<void> {
  await api.sql(`update private.booking_settings set team_time_zone = $1`, [TEAM_ZONE]);
  await clearVisitsAndLeads(api);
  await api.sql(`delete from private.booking_hosts`);
  const [host] = await api.sql<{ id: string }>(
    `insert into private.booking_hosts (name, position, time_zone) values ('Ada', 0, $1) returning id`,
    [TEAM_ZONE],
  );

  const events = history.visits.flatMap((visit) =>
    visit.events.map((event) => ({
      occurred_at: event.at.toISOString(),
      visit_id: visit.id,
      kind: event.kind,
      path: event.path,
      referrer_host: event.source.referrer_host ?? null,
      utm_source: event.source.utm_source ?? null,
      utm_campaign: event.source.utm_campaign ?? null,
      landing_page: event.landing,
    })),
  );
  await api.sql(
    `insert into private.visit_events (occurred_at, visit_id, kind, path, referrer_host, utm_source, utm_campaign,
                                       landing_page)
     select * from jsonb_to_recordset($1::jsonb) as e(occurred_at timestamptz, visit_id uuid, kind text, path text,
       referrer_host text, utm_source text, utm_campaign text, landing_page text)`,
    [JSON.stringify(events)],
  );

  for (const lead of history.leads) {
    const company = lead.table === 'consultation_requests' ? `'Acme'` : 'null';
    await api.sql(
      `insert into public.${lead.table} (id, created_at, name, email, company, message, attribution)
       values ($1, $2, 'Lead', 'lead@example.com', ${company}, 'Hello', $3::jsonb)`,
      [lead.id, lead.at.toISOString(), lead.attribution && JSON.stringify(lead.attribution)],
    );
    if (lead.duplicateOf)
      await api.sql(`update public.${lead.table} set duplicate_of = $2 where id = $1`, [lead.id, lead.duplicateOf]);
    if (lead.held)
      await api.sql(
        `update public.${lead.table} set hold_reason = 'honeypot',
                released_at = case when $2 then created_at + interval '1 hour' end,
                released_by = case when $2 then 'operator (test)' end
          where id = $1`,
        [lead.id, lead.held === 'released'],
      );
  }

  const calls = history.leads.filter((lead) => lead.call);
  for (const [index, lead] of calls.entries()) {
    const call = lead.call!;
    // Each call at an hour of its own in 2027, so no two block the same time.
    const starts = new Date(Date.parse('2027-01-04T00:00:00Z') + index * 3_600_000);
    await api.sql(
      `insert into private.bookings (id, request_id, email, status, starts_at, ends_at, blocked, team_day,
                                     visitor_time_zone, manage_token, host_id, created_at)
       values ($1, $2, 'lead@example.com', $3, $4, $4::timestamptz + interval '30 minutes',
               tstzrange($4::timestamptz, $4::timestamptz + interval '45 minutes'), ($4::timestamptz at time zone $7)::date,
               $7, $5, $6, $8)`,
      [
        call.id,
        lead.id,
        call.status,
        starts.toISOString(),
        `token-${call.id}`,
        host.id,
        TEAM_ZONE,
        call.at.toISOString(),
      ],
    );
    if (call.outcome)
      await api.sql(`insert into private.call_outcomes (booking_id, outcome, recorded_by) values ($1, $2, 'test')`, [
        call.id,
        call.outcome,
      ]);
  }

  // Days added up before these rows were written by hand are added up again (the reports read finished days once).
  await forgetAddedUpDays(api);
  for (const { day, bots, flood } of history.days)
    await api.sql(`insert into private.visit_event_days (day, bot_events, flood_held_events) values ($1, $2, $3)`, [
      day,
      bots,
      flood,
    ]);
}

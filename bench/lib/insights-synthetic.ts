// A synthetic year of the site's traffic for bench/insights-queries.ts, made by the database itself (generate_series,
// a seeded random()) as the bootstrap superuser with triggers off (session_replication_role = replica: the lead
// guard, the outboxes and the calendar writes are not what is measured; checks still apply): visits of one to four
// page views over about 40 paths from 10 landing pages, a third engaged (chat opened or form started); sources
// (utm_source, a referring host or none) and about 30 campaigns; leads from some visits (a tenth without a visit
// id, as under Do Not Track), a third of the strategy-call requests booked, most outcomes recorded; the days' bot
// and flood counters. Instants spread over the year that ends now, busier on weekdays.
import type { Sql } from './flood-report';

export type SyntheticYear = { events: number; leads: number; seed: number };
export type SyntheticCounts = { events: number; visits: number; leads: number; bookings: number; outcomes: number };

/** Events a visit has on average here (2.5 page views and 0.35 chat or form events). */
const EVENTS_PER_VISIT = 2.85;
/** Half the weekend's visits are dropped (weekdays twice as busy): 1 in 7 of those made. */
const KEPT_SHARE = 6 / 7;

export async function loadSyntheticYear(admin: Sql, year: SyntheticYear): Promise<SyntheticCounts> {
  const visits = Math.round(year.events / EVENTS_PER_VISIT / KEPT_SHARE);
  // One session: setseed and session_replication_role hold for the statements that follow on it.
  await admin(
    `do $$
     begin
       perform setseed(${(year.seed % 1000) / 1000});
       set local session_replication_role = replica;

       create temporary table synthetic_visits on commit drop as
       select gen_random_uuid() as visit_id,
              -- Over the year that ends now; weekdays twice as busy as weekends.
              now() - (random() * 365) * interval '1 day' as start,
              (array['/', '/', '/', '/services', '/pricing', '/dental-clinics', '/ai-receptionist-for-tradies',
                     '/real-estate', '/law-firms', '/book'])[1 + floor(random() * 10)::int] as landing_page,
              case when s < 0.35 then (array['linkedin', 'google', 'facebook', 'newsletter', 'podcast'])[1 + floor(random() * 5)::int] end
                as utm_source,
              case when s < 0.35 then 'campaign-' || floor(random() * 30)::int end as utm_campaign,
              case when s >= 0.35 and s < 0.7
                   then (array['www.google.com', 'www.bing.com', 'news.ycombinator.com', 't.co', 'www.linkedin.com',
                               'duckduckgo.com'])[1 + floor(random() * 6)::int] end as referrer_host,
              1 + floor(random() * 4)::int as pages,
              case when random() < 0.35 then (array['chat_opened', 'form_started'])[1 + floor(random() * 2)::int] end
                as engaged_kind,
              -- Drawn here, once per visit, for its lead (if it sends one): the kind, whether the visit id is sent.
              random() as lead_order, random() < 0.6 as strategy_call, random() >= 0.1 as sends_visit_id
         from (select random() as s from generate_series(1, ${visits})) v;
       delete from synthetic_visits
        where extract(isodow from start) >= 6 and random() < 0.5;

       insert into private.visit_events (occurred_at, visit_id, kind, path, referrer_host, utm_source, utm_campaign,
                                         landing_page)
       select v.start + (p - 1) * interval '90 seconds', v.visit_id, 'page_view',
              case when p = 1 then v.landing_page
                   else (array['/services', '/pricing', '/contact', '/book', '/', '/privacy-policy', '/services/ai-automation',
                               '/services/voice-receptionist', '/services/support-agent', '/services/lead-capture'])[1 + floor(random() * 10)::int]
                        || case when random() < 0.3 then '/' || floor(random() * 20)::int else '' end
              end,
              v.referrer_host, v.utm_source, v.utm_campaign, v.landing_page
         from synthetic_visits v, generate_series(1, v.pages) p;
       insert into private.visit_events (occurred_at, visit_id, kind, path, referrer_host, utm_source, utm_campaign,
                                         landing_page)
       select v.start + v.pages * interval '90 seconds', v.visit_id, v.engaged_kind, '/contact', v.referrer_host,
              v.utm_source, v.utm_campaign, v.landing_page
         from synthetic_visits v
        where v.engaged_kind is not null;

       -- Leads: from engaged visits mostly, at the end of the visit.
       create temporary table synthetic_leads on commit drop as
       select gen_random_uuid() as id, v.start + (v.pages + 1) * interval '90 seconds' as created_at,
              v.strategy_call,
              jsonb_strip_nulls(jsonb_build_object(
                'surface', 'chat', 'landing_page', v.landing_page, 'submitted_from', '/contact',
                'utm_source', v.utm_source, 'utm_campaign', v.utm_campaign,
                'referrer', 'https://' || v.referrer_host,
                'visit_id', case when v.sends_visit_id then v.visit_id::text end)) as attribution
         from synthetic_visits v
        where v.engaged_kind is not null
        order by v.lead_order
        limit ${year.leads};
       insert into public.consultation_requests (id, created_at, name, email, company, phone, message, attribution)
       select l.id, l.created_at, 'Synthetic', 'lead-' || l.id || '@example.com', 'Acme', '', '', l.attribution
         from synthetic_leads l where l.strategy_call;
       insert into public.contact_messages (id, created_at, name, email, company, message, attribution)
       select l.id, l.created_at, 'Synthetic', 'lead-' || l.id || '@example.com', null, 'Hello', l.attribution
         from synthetic_leads l where not l.strategy_call;

       -- A third of the strategy-call requests book a call minutes later; each at an hour of its own (no overlap).
       insert into private.booking_hosts (name, position, time_zone) values ('Synthetic host', 0, 'Australia/Sydney');
       insert into private.bookings (request_id, email, status, starts_at, ends_at, blocked, team_day, visitor_time_zone,
                                     manage_token, host_id, created_at)
       select l.id, 'lead@example.com', case when random() < 0.9 then 'booked' else 'cancelled' end,
              t.starts_at, t.starts_at + interval '30 minutes', tstzrange(t.starts_at, t.starts_at + interval '45 minutes'),
              t.starts_at::date, 'Australia/Sydney', 'token-' || l.id,
              (select h.id from private.booking_hosts h limit 1), l.created_at + interval '4 minutes'
         from (select l.*, row_number() over (order by l.created_at) as n
                 from synthetic_leads l where l.strategy_call and random() < 0.33) l,
              lateral (select timestamptz '2030-01-01 00:00+00' + l.n * interval '1 hour' as starts_at) t;
       insert into private.call_outcomes (booking_id, outcome, recorded_by)
       select b.id, (array['attended', 'attended', 'attended', 'no_show'])[1 + floor(random() * 4)::int], 'synthetic'
         from private.bookings b where b.status = 'booked' and random() < 0.8;

       insert into private.visit_event_days (day, bot_events, flood_held_events)
       select d::date, floor(random() * 400)::int, case when random() < 0.02 then floor(random() * 5000)::int else 0 end
         from generate_series(now() - interval '365 days', now(), interval '1 day') d
       on conflict (day) do nothing;
     end $$`,
  );
  await admin('vacuum analyze private.visit_events');
  await admin('analyze public.consultation_requests');
  await admin('analyze public.contact_messages');
  await admin('analyze private.bookings');
  await admin('analyze private.call_outcomes');
  const [counts] = await admin<Record<keyof SyntheticCounts, string>>(
    `select (select count(*) from private.visit_events) as events,
            (select count(distinct visit_id) from private.visit_events) as visits,
            (select count(*) from public.consultation_requests) + (select count(*) from public.contact_messages) as leads,
            (select count(*) from private.bookings) as bookings,
            (select count(*) from private.call_outcomes) as outcomes`,
  );
  return Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])) as SyntheticCounts;
}

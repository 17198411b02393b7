-- Visits counted without cookies (issue 44, DESIGN.md "Insights"): the database side. The site sends, after load,
-- a few events per page (a page view, chat opened, a form started) to one write-only function, and the database
-- decides what is counted:
--
-- 1. What an event is: a kind from an allow-list, a random per-tab visit id (a UUID the browser keeps in session
--    storage; nothing else identifies a visitor), a path of the site, where the visit came from (referrer host,
--    UTM, landing page) and the experiment variant. Bounded: the kinds and the bounds below equal
--    src/insights/visit-event-kinds.ts (__tests__/insights/visit-event-rules.test.ts compares them). A request that
--    does not fit is refused as a whole with error P0001 and a message in plain words, storing nothing.
-- 2. Not stored, ever: the IP address, the user agent, or anything that could be turned back into either. The flood
--    limits key each client on SHA-256(a random salt of the day || the address); the salt is replaced every day and
--    the old one deleted (as Plausible does), and the keyed counters live for a minute.
-- 3. Bots and automation are not visitors: an event from a request whose User-Agent is a program's
--    (private.is_automated_user_agent) or that the page marks `automated` (navigator.webdriver) is not stored, only
--    counted in the day's bot_events (private.visit_event_days), so the dashboard can say how many were left out.
-- 4. Floods, decided here like the leads' limits: per client address at most client_events_per_minute (60) events
--    stored a minute, and from everyone at most events_per_minute (3,000); events over a limit are not stored but
--    counted in the day's flood_held_events, and the answer says how many. The limits: private.visit_event_settings.
--    Why these numbers: a person makes a few events a minute even clicking fast, so 60 leaves room for several
--    people behind one address (an office, a carrier's NAT) and nothing for a script; 3,000 (50 a second) is
--    hundreds of times the usual traffic (2 million events a year is about 4 a minute) and above a front-page spike,
--    and bounds what a flood from many addresses can store to 3,000 events a minute; the rest is counted as held.
-- 5. Raw events are kept 90 days (content/site.json privacy.visitEventDays, the privacy notice's number; a test
--    compares them), as daily rollups (private.visit_daily) after that. Nightly with pg_cron where it exists; by
--    `npm run leads -- retention` everywhere.
-- 6. A lead joins its visit: the lead tables' attribution may carry `visit_id`.
--
-- Days are the team's calendar days (private.booking_settings.team_time_zone), the days the dashboard shows.
-- Who may do what: anon and authenticated execute public.record_visit_events and the private function behind it
-- (the booking functions' pattern: a security invoker wrapper in public, the security definer function in private);
-- service_role may read the events and rollups and run the retention; no API role reads the salts or counters.

-- ---------------------------------------------------------------------------------------------------------
-- What an event is. One place in SQL for the allow-list and the bounds (the checks and the function use it).

create function private.visit_event_limits()
returns table (kinds text[], events_per_request integer, text_max integer, path_max integer)
language sql
immutable
parallel safe
set search_path = ''
as $$ select array['page_view', 'chat_opened', 'form_started'], 20, 200, 200 $$;

create function private.is_visit_kind(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select value = any (l.kinds) from private.visit_event_limits() l $$;

-- A path of the site: starts with /, no query string or fragment, no space or control character, bounded.
create function private.is_visit_path(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~ '^/[^?#[:space:][:cntrl:]]*$'
     and char_length(value) <= (select l.path_max from private.visit_event_limits() l)
$$;

-- Any other text: bounded, no control character.
create function private.is_visit_text(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value !~ '[[:cntrl:]]' and char_length(value) <= (select l.text_max from private.visit_event_limits() l)
$$;

-- A host name only (never a whole referrer URL, which may carry a search or a person's details).
create function private.is_visit_host(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select private.is_visit_text(value) and value ~ '^[^/?#@\\[:space:][:cntrl:]]+$' $$;

-- The limits a flood meets (one row; the team may change it in the Table Editor, schema private).
create table private.visit_event_settings (
  id boolean primary key default true,
  -- Events stored a minute from one client address.
  client_events_per_minute integer not null default 60,
  -- Events stored a minute from everyone together.
  events_per_minute integer not null default 3000,
  constraint visit_event_settings_one_row check (id),
  constraint visit_event_settings_limits check (
    client_events_per_minute between 1 and 100000 and events_per_minute between client_events_per_minute and 10000000)
);
insert into private.visit_event_settings default values;

-- The raw events. An identity key (not a UUID): only the database refers to a row.
create table private.visit_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  visit_id uuid not null,
  kind text not null,
  path text not null,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  landing_page text,
  variant text,
  constraint visit_events_kind check (private.is_visit_kind(kind)),
  constraint visit_events_paths check (private.is_visit_path(path) and coalesce(private.is_visit_path(landing_page), true)),
  constraint visit_events_texts check (
    coalesce(private.is_visit_host(referrer_host), true)
    and coalesce(private.is_visit_text(utm_source), true) and coalesce(private.is_visit_text(utm_medium), true)
    and coalesce(private.is_visit_text(utm_campaign), true) and coalesce(private.is_visit_text(utm_term), true)
    and coalesce(private.is_visit_text(utm_content), true) and coalesce(private.is_visit_text(variant), true))
);
create index visit_events_occurred_idx on private.visit_events (occurred_at);
create index visit_events_visit_idx on private.visit_events (visit_id);
comment on table private.visit_events is
  'Visit events as counted (issue 44): no address, no user agent. Kept 90 days, then private.visit_daily. See 20261202100000_visit_events.sql.';

-- What each day left out: events of bots and automation, and events over a flood limit.
create table private.visit_event_days (
  day date primary key,
  bot_events bigint not null default 0,
  flood_held_events bigint not null default 0
);

-- The daily rollups, kept after the raw events go. `visits` counts distinct visits within the row only: a visit
-- that saw two paths is in two rows.
create table private.visit_daily (
  day date not null,
  path text not null,
  landing_page text,
  referrer_host text,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  variant text,
  kind text not null,
  events integer not null,
  visits integer not null,
  constraint visit_daily_counts check (visits between 1 and events)
);
create index visit_daily_day_idx on private.visit_daily (day);

-- The day's salt of the client keys: random, one per day, deleted when the next day's is made (and by the retention).
create table private.visit_salts (
  day date primary key,
  salt bytea not null default extensions.gen_random_bytes(32)
);

-- Events stored in the last minute per client key: what the flood limits count. Rows older than a minute are
-- deleted a few at a time by later requests (and by the retention).
create table private.visit_event_clients (
  client_key text not null,
  counted_at timestamptz not null default now(),
  events integer not null,
  constraint visit_event_clients_events check (events > 0)
);
create index visit_event_clients_key_idx on private.visit_event_clients (client_key, counted_at);
create index visit_event_clients_age_idx on private.visit_event_clients (counted_at);

alter table private.visit_event_settings enable row level security;
alter table private.visit_events enable row level security;
alter table private.visit_event_days enable row level security;
alter table private.visit_daily enable row level security;
alter table private.visit_salts enable row level security;
alter table private.visit_event_clients enable row level security;
revoke all on table private.visit_event_settings, private.visit_events, private.visit_event_days, private.visit_daily,
  private.visit_salts, private.visit_event_clients
  from public, anon, authenticated, service_role;
grant select on table private.visit_event_settings, private.visit_events, private.visit_event_days,
  private.visit_daily
  to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Helpers of the write-only function.

-- The team's calendar day of an instant (UTC before the booking settings exist).
create function private.visit_time_zone()
returns text
language sql
stable
set search_path = ''
as $$ select coalesce((select s.team_time_zone from private.booking_settings s), 'UTC') $$;

create function private.visit_day(instant timestamptz)
returns date
language sql
stable
set search_path = ''
as $$ select (instant at time zone private.visit_time_zone())::date $$;

-- A program's user agent, not a browser's: none at all, one without a space (a name and version such as curl/8.4,
-- python-requests/2.31, Go-http-client/1.1, node), or one naming a crawler, a headless or driven browser, a
-- monitoring or preview service or an HTTP library. Conservative: no browser a person uses matches (the tests
-- list them: Chrome, Safari, Firefox, Edge, Samsung Internet, Opera, in-app browsers, a CUBOT phone). Written
-- after isbot's pattern (npm isbot; not a dependency here).
create function private.is_automated_user_agent(user_agent text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(btrim(user_agent), '') !~ ' '
      or user_agent ~* ('(?<! cu)bots?(\M|_)|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|phantomjs'
                        '|puppeteer|playwright|selenium|webdriver|cypress|\mcurl/|\mwget/|python|aiohttp|okhttp'
                        '|axios/|node-fetch|undici|go-http-client|\mjava/|apache-httpclient|libwww|perl/|php/'
                        '|ruby|scrapy|httpie|postman|insomnia|facebookexternalhit|embedly|preview|monitor'
                        '|pingdom|uptime|validator|\mw3c')
$$;

-- An event as the site sends it, made into what is stored: the site sends the visit's source as its attribution
-- keeps it (src/lib/attribution.ts: the landing page with its query, the referrer's origin, utm_* values of up to
-- 500 characters), so its code stays small; here the landing page loses its query and fragment (and is cut to the
-- path bound), the referrer's
-- origin gives its host, and each utm_* value loses control characters and is cut to the text bound. Anything
-- that is not an object, or not text where text is wanted, is left for the refusal below to name.
create function private.normalized_visit_event(event jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when jsonb_typeof(event) <> 'object' then event else (
    select jsonb_strip_nulls(
             (event - 'referrer' - 'utm_source' - 'utm_medium' - 'utm_campaign' - 'utm_term' - 'utm_content')
             || case when jsonb_typeof(event -> 'landing_page') = 'string'
                     then jsonb_build_object('landing_page', left(regexp_replace(event ->> 'landing_page', '[?#].*$', ''),
                                                                  (select l.path_max from private.visit_event_limits() l)))
                     else '{}'::jsonb end
             || case when jsonb_typeof(event -> 'referrer') = 'string' and event -> 'referrer_host' is null
                     then jsonb_build_object('referrer_host', lower(substring(event ->> 'referrer'
                                               from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#@:[:space:]]+)')))
                     else '{}'::jsonb end
             || coalesce((select jsonb_object_agg(key, case when jsonb_typeof(value) = 'string'
                                                             then to_jsonb(nullif(left(regexp_replace(value #>> '{}',
                                                                    '[[:cntrl:]]', '', 'g'),
                                                                    (select l.text_max from private.visit_event_limits() l)), ''))
                                                             else value end)
                            from jsonb_each(event)
                           where key in ('utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content')),
                         '{}'::jsonb))
  ) end
$$;

revoke all on function private.normalized_visit_event(jsonb) from public;

-- Why an event cannot be counted, in plain words, or null when it can.
create function private.visit_event_refusal(event jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  limits record;
  unknown text;
  field text;
begin
  select * into limits from private.visit_event_limits();
  if jsonb_typeof(event) is distinct from 'object' then
    return 'it is not a JSON object with kind, visit_id and path';
  end if;
  select string_agg(k, ', ' order by k) into unknown
    from jsonb_object_keys(event) k
   where k <> all (array['kind', 'visit_id', 'path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign',
                         'utm_term', 'utm_content', 'landing_page', 'variant', 'automated']);
  if unknown is not null then
    return format('it has fields that are not counted (%s); an event has kind, visit_id, path, referrer_host, '
                  'utm_source, utm_medium, utm_campaign, utm_term, utm_content, landing_page, variant and automated',
                  unknown);
  end if;
  if jsonb_typeof(event -> 'kind') is distinct from 'string' or not private.is_visit_kind(event ->> 'kind') then
    return format('kind must be one of %s', array_to_string(limits.kinds, ', '));
  end if;
  if jsonb_typeof(event -> 'visit_id') is distinct from 'string'
     or event ->> 'visit_id' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return 'visit_id must be a UUID (the random id the page made for this visit)';
  end if;
  foreach field in array array['path', 'landing_page'] loop
    if (field = 'path' or coalesce(jsonb_typeof(event -> field), 'null') <> 'null')
       and (jsonb_typeof(event -> field) is distinct from 'string' or not private.is_visit_path(event ->> field)) then
      return format('%s must be a path of the site: it starts with /, has no query string (?) or fragment (#), '
                    'no space or control character, and at most %s characters', field, limits.path_max);
    end if;
  end loop;
  if jsonb_typeof(event -> 'referrer_host') not in ('null', 'string')
     or not coalesce(private.is_visit_host(nullif(event ->> 'referrer_host', '')), true) then
    return format('referrer_host must be a host name only, such as www.google.com, of at most %s characters',
                  limits.text_max);
  end if;
  foreach field in array array['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'variant'] loop
    if jsonb_typeof(event -> field) not in ('null', 'string')
       or not coalesce(private.is_visit_text(event ->> field), true) then
      return format('%s must be text of at most %s characters, without control characters', field, limits.text_max);
    end if;
  end loop;
  if jsonb_typeof(event -> 'automated') not in ('null', 'boolean') then
    return 'automated must be true or false';
  end if;
  return null;
end;
$$;

-- The client's key for the flood limits: SHA-256 of the day's random salt and the client address (all requests
-- without an address share one key). Makes the day's salt when there is none yet, deleting older ones.
create function private.visit_client_key(address text, day date)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  day_salt bytea;
begin
  select s.salt into day_salt from private.visit_salts s where s.day = visit_client_key.day;
  if day_salt is null then
    insert into private.visit_salts (day) values (visit_client_key.day) on conflict on constraint visit_salts_pkey do nothing;
    delete from private.visit_salts s where s.day < visit_client_key.day;
    select s.salt into day_salt from private.visit_salts s where s.day = visit_client_key.day;
  end if;
  return encode(sha256(day_salt || convert_to(coalesce(address, ''), 'UTF8')), 'hex');
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The write-only function. Validates the whole request first (refusing it as a whole), then leaves out the
-- automated events, then applies the flood limits to the rest under a lock per client key (so a client's limit
-- holds exactly under concurrency; no lock is shared by all clients, so the global ceiling may be passed by the
-- requests running at the same instant), storing the first events of the request up to the limits.
-- Answers {"stored": n, "not_counted": m, "flood_held": h} (h of the m were over a flood limit).

create function private.record_visit_events(events jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  limits record;
  settings private.visit_event_settings;
  event jsonb;
  n bigint;
  total integer;
  refusal text;
  automated_request boolean;
  candidates integer;
  today constant date := private.visit_day(now());
  sender_key text;
  sender_recent integer;
  everyone_recent integer;
  stored integer := 0;
  bots integer;
  held integer := 0;
begin
  select * into limits from private.visit_event_limits();
  if jsonb_typeof(events) is distinct from 'array' then
    raise exception 'Visit events are sent as a JSON array of events; this request sent %.',
                    coalesce('a JSON ' || jsonb_typeof(events), 'nothing')
      using errcode = 'P0001', hint = 'Send {"events": [{"kind": "page_view", "visit_id": "<uuid>", "path": "/"}]}.';
  end if;
  total := jsonb_array_length(events);
  if total > limits.events_per_request then
    raise exception 'At most % visit events can be sent in one request; this one has %.', limits.events_per_request, total
      using errcode = 'P0001', hint = 'Send the others in another request.';
  end if;
  select coalesce(jsonb_agg(private.normalized_visit_event(e.value) order by e.ordinality), '[]'::jsonb)
    into events
    from jsonb_array_elements(events) with ordinality e;
  for event, n in select e.value, e.ordinality from jsonb_array_elements(events) with ordinality e loop
    refusal := private.visit_event_refusal(event);
    if refusal is not null then
      raise exception 'Visit event % of % cannot be counted: %.', n, total, refusal
        using errcode = 'P0001', hint = 'Nothing of this request was stored.';
    end if;
  end loop;

  automated_request := private.is_automated_user_agent(
    nullif(current_setting('request.headers', true), '')::json ->> 'user-agent');
  select count(*) filter (where not automated_request and not coalesce((e.value ->> 'automated')::boolean, false))
    into candidates
    from jsonb_array_elements(events) e;
  bots := total - candidates;

  if candidates > 0 then
    select * into settings from private.visit_event_settings;
    sender_key := private.visit_client_key(private.request_client_address(), today);
    perform pg_advisory_xact_lock(hashtextextended('visit_events:client:' || sender_key, 0));
    select coalesce(sum(c.events), 0) into sender_recent
      from private.visit_event_clients c
     where c.client_key = sender_key and c.counted_at > now() - interval '1 minute';
    select coalesce(sum(c.events), 0) into everyone_recent
      from private.visit_event_clients c
     where c.counted_at > now() - interval '1 minute';
    stored := greatest(0, least(candidates, settings.client_events_per_minute - sender_recent,
                                settings.events_per_minute - everyone_recent));
    held := candidates - stored;
    if stored > 0 then
      insert into private.visit_events (visit_id, kind, path, referrer_host, utm_source, utm_medium, utm_campaign,
                                        utm_term, utm_content, landing_page, variant)
      select (e.value ->> 'visit_id')::uuid, e.value ->> 'kind', e.value ->> 'path',
             nullif(e.value ->> 'referrer_host', ''), nullif(e.value ->> 'utm_source', ''),
             nullif(e.value ->> 'utm_medium', ''), nullif(e.value ->> 'utm_campaign', ''),
             nullif(e.value ->> 'utm_term', ''), nullif(e.value ->> 'utm_content', ''),
             e.value ->> 'landing_page', nullif(e.value ->> 'variant', '')
        from jsonb_array_elements(events) with ordinality e
       where not coalesce((e.value ->> 'automated')::boolean, false)
       order by e.ordinality
       limit stored;
      insert into private.visit_event_clients (client_key, events) values (sender_key, stored);
    end if;
    delete from private.visit_event_clients c
     where c.ctid in (select o.ctid from private.visit_event_clients o
                       where o.counted_at <= now() - interval '1 minute'
                       order by o.counted_at limit 20
                         for update skip locked);
  end if;

  if bots > 0 or held > 0 then
    insert into private.visit_event_days as d (day, bot_events, flood_held_events) values (today, bots, held)
    on conflict (day) do update
      set bot_events = d.bot_events + excluded.bot_events,
          flood_held_events = d.flood_held_events + excluded.flood_held_events;
  end if;
  return jsonb_build_object('stored', stored, 'not_counted', bots + held, 'flood_held', held);
end;
$$;

create function public.record_visit_events(events jsonb)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.record_visit_events(events) $$;

-- ---------------------------------------------------------------------------------------------------------
-- Rollups and retention.

-- Replaces the rollup of every team day before `before` that still has raw events by those events' counts, so
-- re-running a day never doubles it. Answers how many days it rolled up.
create function private.roll_up_visit_events(before date)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  zone constant text := private.visit_time_zone();
  rollup_end constant timestamptz := before::timestamp at time zone zone;
  days date[];
begin
  perform pg_advisory_xact_lock(hashtextextended('visit_events:roll_up', 0));
  select array_agg(distinct (e.occurred_at at time zone zone)::date) into days
    from private.visit_events e
   where e.occurred_at < rollup_end;
  if days is null then
    return 0;
  end if;
  delete from private.visit_daily d where d.day = any (days);
  insert into private.visit_daily (day, path, landing_page, referrer_host, utm_source, utm_medium, utm_campaign, variant,
                                   kind, events, visits)
  select (e.occurred_at at time zone zone)::date, e.path, e.landing_page, e.referrer_host, e.utm_source, e.utm_medium,
         e.utm_campaign, e.variant, e.kind, count(*), count(distinct e.visit_id)
    from private.visit_events e
   where e.occurred_at < rollup_end
   group by 1, 2, 3, 4, 5, 6, 7, 8, 9;
  return cardinality(days);
end;
$$;

-- Rolls up every day before today, then deletes the raw events of the days more than 90 days before today (whole
-- days, so a day is never rolled up from part of its events), the salts of days before today and the counters
-- older than a minute. With dry_run, only says what it would delete. 90 = content/site.json privacy.visitEventDays.
create function private.delete_expired_visit_events(dry_run boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  days_kept constant integer := 90;
  zone constant text := private.visit_time_zone();
  today constant date := (now() at time zone zone)::date;
  cutoff constant timestamptz := (today - days_kept)::timestamp at time zone zone;
  rolled_up integer := 0;
  deleted_events bigint := 0;
  deleted_salts integer := 0;
begin
  if dry_run then
    return jsonb_build_object('dry_run', true, 'days_kept', days_kept, 'cutoff', cutoff,
                              'expired_events', (select count(*) from private.visit_events e where e.occurred_at < cutoff));
  end if;
  rolled_up := private.roll_up_visit_events(today);
  delete from private.visit_events e where e.occurred_at < cutoff;
  get diagnostics deleted_events = row_count;
  delete from private.visit_salts s where s.day < today;
  get diagnostics deleted_salts = row_count;
  delete from private.visit_event_clients c where c.counted_at <= now() - interval '1 minute';
  return jsonb_build_object('dry_run', false, 'days_kept', days_kept, 'cutoff', cutoff, 'rolled_up_days', rolled_up,
                            'deleted_events', deleted_events, 'deleted_salts', deleted_salts);
end;
$$;

-- `npm run leads -- retention` (service_role): the same, through the data API.
create function public.delete_expired_visit_events(dry_run boolean default false)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.delete_expired_visit_events(dry_run) $$;

revoke all on function private.visit_event_limits(), private.is_visit_kind(text), private.is_visit_path(text), private.is_visit_text(text),
  private.is_visit_host(text), private.visit_time_zone(), private.visit_day(timestamptz),
  private.is_automated_user_agent(text), private.visit_event_refusal(jsonb), private.visit_client_key(text, date),
  private.record_visit_events(jsonb), private.roll_up_visit_events(date), private.delete_expired_visit_events(boolean)
  from public;
revoke all on function public.record_visit_events(jsonb), public.delete_expired_visit_events(boolean)
  from public, anon, authenticated;
grant usage on schema private to anon, authenticated;
grant execute on function private.record_visit_events(jsonb), public.record_visit_events(jsonb)
  to anon, authenticated, service_role;
grant execute on function private.delete_expired_visit_events(boolean), public.delete_expired_visit_events(boolean)
  to service_role;

-- Hosted projects with pg_cron: roll up and delete every night at 03:37 UTC. Where pg_cron is not available (the
-- local database) `npm run leads -- retention` does the same.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('delete-expired-visit-events', '37 3 * * *',
                          $job$select private.delete_expired_visit_events()$job$);
  end if;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- A lead joins its visit: the attribution shape of 20261123120000_lead_attribution.sql, plus `visit_id` (the
-- visit's UUID, as the events carry it). Plain expressions, as before: anon inserts the leads. A visit id that is
-- not a UUID (a value edited in the browser's storage) never costs the lead: the trigger below drops it, so the
-- lead is stored without a visit to join, and every stored visit id is a UUID.
do $$
declare
  lead_table text;
begin
  foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
    execute format('alter table public.%I drop constraint %I', lead_table, lead_table || '_attribution_shape');
    execute format(
      $check$alter table public.%I add constraint %I check (
        attribution is null or (
          jsonb_typeof(attribution) = 'object'
          and octet_length(attribution::text) <= 4096
          and attribution - array['surface', 'landing_page', 'referrer', 'utm_source', 'utm_medium',
                                  'utm_campaign', 'utm_term', 'utm_content', 'submitted_from',
                                  'visit_id'] = '{}'::jsonb
          and not jsonb_path_exists(attribution, '$.* ? (@.type() != "string")')
          and not jsonb_path_exists(attribution, '$.* ? (@ like_regex ".{250}.{250}." flag "s")')
          and coalesce(attribution ->> 'surface' in ('contact_form', 'booking_form', 'chat'), true)
        )
      )$check$,
      lead_table,
      lead_table || '_attribution_shape'
    );
  end loop;
end;
$$;

create function private.drop_malformed_visit_id()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if jsonb_typeof(new.attribution) = 'object' and new.attribution ? 'visit_id'
     and not coalesce(jsonb_typeof(new.attribution -> 'visit_id') = 'string'
                      and new.attribution ->> 'visit_id'
                          ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', false) then
    new.attribution := new.attribution - 'visit_id';
  end if;
  return new;
end;
$$;

revoke all on function private.drop_malformed_visit_id() from public;

create trigger drop_malformed_visit_id before insert on public.consultation_requests
  for each row execute function private.drop_malformed_visit_id();
create trigger drop_malformed_visit_id before insert on public.contact_messages
  for each row execute function private.drop_malformed_visit_id();

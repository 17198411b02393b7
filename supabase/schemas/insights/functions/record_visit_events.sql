-- Visits counted without cookies (issue 44): the one write-only function the site sends events to, and the checks,
-- limits and client keys it applies.

-- A program's user agent, not a browser's: none at all, one without a space (a name and version such as curl/8.4,
-- python-requests/2.31, Go-http-client/1.1, node), or one naming a crawler, a headless or driven browser, a
-- monitoring or preview service or an HTTP library. Conservative: no browser a person uses matches (the tests
-- list them: Chrome, Safari, Firefox, Edge, Samsung Internet, Opera, in-app browsers, a CUBOT phone). Written
-- after isbot's pattern (npm isbot; not a dependency here).
create or replace function private.is_automated_user_agent(user_agent text)
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
revoke all on function private.is_automated_user_agent(text) from public, anon, authenticated, service_role;

-- What an event is. One place in SQL for the allow-list and the bounds (the checks and the function use it).
create or replace function private.visit_event_limits()
returns table (kinds text[], events_per_request integer, text_max integer, path_max integer)
language sql
immutable
parallel safe
set search_path = ''
as $$ select array['page_view', 'chat_opened', 'form_started'], 20, 200, 200 $$;
revoke all on function private.visit_event_limits() from public, anon, authenticated, service_role;

-- The client's key for the flood limits: SHA-256 of the day's random salt and the client address (all requests
-- without an address share one key). Makes the day's salt when there is none yet, deleting older ones.
create or replace function private.visit_client_key(address text, day date)
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
revoke all on function private.visit_client_key(text,date) from public, anon, authenticated, service_role;

-- An event as the site sends it, made into what is stored: the site sends the visit's source as its attribution
-- keeps it (src/lib/attribution.ts: the landing page with its query, the referrer's origin, utm_* values of up to
-- 500 characters), so its code stays small; here the landing page loses its query and fragment (and is cut to the
-- path bound), the referrer's
-- origin gives its host, and each utm_* value loses control characters and is cut to the text bound. Anything
-- that is not an object, or not text where text is wanted, is left for the refusal below to name.
create or replace function private.normalized_visit_event(event jsonb)
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
revoke all on function private.normalized_visit_event(jsonb) from public, anon, authenticated, service_role;

-- Why an event cannot be counted, in plain words, or null when it can.
create or replace function private.visit_event_refusal(event jsonb)
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
revoke all on function private.visit_event_refusal(jsonb) from public, anon, authenticated, service_role;

-- The write-only function. Validates the whole request first (refusing it as a whole), then leaves out the
-- automated events, then applies the flood limits to the rest under a lock per client key (so a client's limit
-- holds exactly under concurrency; no lock is shared by all clients, so the global ceiling may be passed by the
-- requests running at the same instant), storing the first events of the request up to the limits.
-- Answers {"stored": n, "not_counted": m, "flood_held": h} (h of the m were over a flood limit).
create or replace function private.record_visit_events(events jsonb)
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
revoke all on function private.record_visit_events(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.record_visit_events(jsonb) to anon, authenticated, service_role;

create or replace function public.record_visit_events(events jsonb)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.record_visit_events(events) $$;
revoke all on function public.record_visit_events(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.record_visit_events(jsonb) to anon, authenticated, service_role;

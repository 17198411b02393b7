-- How long a held lead took to send (issue 36). In a flood that solves its proof-of-work, the leads held only for
-- the traffic (over_global_rate, network_burst) are a real visitor's and the flood's alike; the flood benchmark's
-- digest listed 8 of its 50 real visitors in full and counted the other 42 among 500 such leads. One fact tells
-- most of them apart: a person's browser fetches the challenge when they start the form or open the chat and sends
-- the lead after filling it in, seconds or minutes later; a script sends as soon as its solution is found. The
-- challenge's issue is signed, so a sender can only make this longer, by holding a solution (which expires), never
-- shorter or forged.
--
-- The guard keeps the issue time of a valid challenge on the lead (`challenge_issued_at`; null without one), and
-- the held leads' listings (the hourly digest, `npm run leads -- held`) give each lead's `seconds_to_send`. The
-- digest lists first the leads that took a person's time (supabase/functions/notify-leads/hold-reasons.ts). It
-- orders, it never decides: nothing is held or released by it.

do $$
declare
  lead_table text;
begin
  foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
    execute format('alter table public.%I add column challenge_issued_at timestamptz', lead_table);
    execute format($sql$comment on column public.%I.challenge_issued_at is
      'When the lead''s valid proof-of-work challenge was issued (set by the submission guard; null without one): a person''s browser fetches it on starting the form or the chat.'$sql$,
      lead_table);
  end loop;
end;
$$;

-- When a valid payload's challenge was issued: its signed expiry less the lifetime challenges are issued with. Only
-- for a payload lead_challenge_verdict accepted.
create function private.lead_challenge_issued_at(payload text)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select to_timestamp(substring(
           convert_from(decode(rpad(translate(btrim(payload), '-_', '+/'), ((length(btrim(payload)) + 3) / 4) * 4, '='),
                               'base64'), 'UTF8')::jsonb ->> 'salt'
           from '[?&]expires=([0-9]{1,12})(?:&|$)')::bigint)
         - make_interval(secs => s.challenge_expiry_seconds)
    from private.lead_guard_settings s
$$;

-- Whole seconds from the challenge's issue to the lead (never below 0); null without a valid challenge.
create function private.seconds_to_send(received_at timestamptz, challenge_issued_at timestamptz)
returns integer
language sql
immutable
set search_path = ''
as $$
  select greatest(0, floor(extract(epoch from received_at - challenge_issued_at)))::integer
$$;

revoke all on function private.lead_challenge_issued_at(text), private.seconds_to_send(timestamptz, timestamptz)
  from public;
grant execute on function private.seconds_to_send(timestamptz, timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The guard of 20261128100000_lead_challenge.sql, keeping a valid challenge's issue time (excluded, like the
-- challenge, from the retry check).
create or replace function private.guard_lead_submission()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  visitor_request constant boolean := coalesce(current_setting('role', true), '') in ('anon', 'authenticated');
  address_key constant text := private.lead_address_key(new.email);
  client_address constant text := private.request_client_address();
  network_block constant text := private.client_network(client_address);
  sent_challenge constant text := new.challenge;
  challenge_verdict text;
  settings private.lead_guard_settings;
  rows_in_request integer;
  client_last_minute integer := 0;
  network_last_minute integer := 0;
  address_last_hour integer;
  table_last_minute integer;
  original_id uuid;
begin
  new.duplicate_of := null;
  new.client_hash := private.sha256_hex(client_address);
  new.network_hash := private.sha256_hex(network_block);
  new.challenge := null;
  new.challenge_issued_at := null;
  -- Only this guard holds a lead, and only a release releases it.
  new.hold_reason := null;
  new.released_at := null;
  new.released_by := null;
  new.release_token_hash := null;

  if visitor_request then
    -- Counted per transaction (PostgREST runs each request in one), so the second row of an array is
    -- refused before it takes any lock or runs any query.
    rows_in_request := coalesce(nullif(current_setting('lead_guard.rows_in_request', true), ''), '0')::integer + 1;
    perform set_config('lead_guard.rows_in_request', rows_in_request::text, true);
    if rows_in_request > 1 then
      raise exception 'One request can store one lead only: send a single object, not an array.'
        using errcode = 'P0001', hint = 'Send each lead in a request of its own.';
    end if;
  end if;

  -- Serialise requests for the same address (two identical concurrent requests cannot both be new leads), the
  -- same network block and the same client (their limits hold under concurrency).
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':address:' || address_key, 0));
  if network_block is not null then
    perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':network:' || new.network_hash, 0));
  end if;
  if client_address is not null then
    perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':client:' || new.client_hash, 0));
  end if;

  if visitor_request then
    select * into settings from private.lead_guard_settings;

    -- Refused: limits tied to the sender. The client's rows are among its block's (one index scan for both).
    if new.client_hash is not null then
      execute format(
        'select count(*) filter (where client_hash = $1), count(*)
           from %I.%I where network_hash = $2 and created_at > now() - interval ''1 minute''',
        tg_table_schema, tg_table_name)
        into client_last_minute, network_last_minute
        using new.client_hash, new.network_hash;
      if client_last_minute >= settings.client_per_minute then
        raise exception 'Too many submissions from this connection: at most % a minute are accepted.',
          settings.client_per_minute
          using errcode = 'P0001', hint = 'Wait a minute before sending again, or e-mail us directly.';
      end if;
      if network_last_minute >= settings.network_per_minute then
        raise exception 'Too many submissions from this network: at most % a minute are accepted.',
          settings.network_per_minute
          using errcode = 'P0001', hint = 'Wait a minute before sending again, or e-mail us directly.';
      end if;
    end if;

    execute format(
      'select count(*) from %I.%I
        where private.lead_address_key(email) = $1 and created_at > now() - interval ''1 hour''
          and duplicate_of is null and client_hash is not distinct from $2',
      tg_table_schema, tg_table_name)
      into address_last_hour
      using address_key, new.client_hash;
    if address_last_hour >= settings.address_per_hour then
      raise exception 'Too many submissions from this e-mail address: at most % per hour are accepted.',
        settings.address_per_hour
        using errcode = 'P0001',
              hint = 'Wait an hour before sending another request, or e-mail us directly.';
    end if;

    -- The challenge is checked (and used up) whatever else holds the lead, so it cannot be used twice.
    challenge_verdict := private.lead_challenge_verdict(sent_challenge);
    if challenge_verdict is null then
      new.challenge_issued_at := private.lead_challenge_issued_at(sent_challenge);
    end if;

    -- Held, never refused: what looks automated, and everything above the global rate.
    if nullif(btrim(new.honeypot), '') is not null then
      new.hold_reason := 'honeypot';
    elsif challenge_verdict is not null then
      new.hold_reason := challenge_verdict;
    elsif network_last_minute >= settings.network_burst_per_minute then
      new.hold_reason := 'network_burst';
    else
      execute format('select count(*) from %I.%I where created_at > now() - interval ''1 minute''',
                     tg_table_schema, tg_table_name)
        into table_last_minute;
      if table_last_minute >= settings.global_hold_per_minute then
        new.hold_reason := 'over_global_rate';
      end if;
    end if;
  end if;

  -- An identical submission (every field the visitor sent) stored in the last 10 minutes: a retry after a
  -- lost response. It is stored, marked, so the answer is the same as for a new lead.
  execute format(
    'select id from %I.%I t
      where private.lead_address_key(t.email) = $2 and t.created_at > now() - interval ''10 minutes''
        and t.duplicate_of is null
        and to_jsonb(t) - $3 = to_jsonb($1) - $3
      order by t.created_at
      limit 1',
    tg_table_schema, tg_table_name)
    into original_id
    using new, address_key, array['id', 'created_at', 'duplicate_of', 'client_hash', 'network_hash', 'hold_reason',
                                  'released_at', 'released_by', 'release_token_hash', 'challenge',
                                  'challenge_issued_at'];
  new.duplicate_of := original_id;

  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The held leads' listings with the time each took to send. held_lead_rows gains a column, so it is made anew
-- (functions that call it read it by name when they run); so is public.held_leads.

drop function private.held_lead_rows();
create function private.held_lead_rows()
returns table (
  lead_table text,
  lead_id uuid,
  created_at timestamptz,
  name text,
  company text,
  email text,
  hold_reason text,
  surface text,
  released_at timestamptz,
  released_by text,
  release_token_hash text,
  challenge_issued_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select 'consultation_requests', r.id, r.created_at, r.name, r.company, r.email, r.hold_reason,
         r.attribution ->> 'surface', r.released_at, r.released_by, r.release_token_hash,
         r.challenge_issued_at
    from public.consultation_requests r
   where r.hold_reason is not null and r.duplicate_of is null
  union all
  select 'contact_messages', m.id, m.created_at, m.name, m.company, m.email, m.hold_reason,
         m.attribution ->> 'surface', m.released_at, m.released_by, m.release_token_hash,
         m.challenge_issued_at
    from public.contact_messages m
   where m.hold_reason is not null and m.duplicate_of is null
$$;

-- The digest of 20261127100000_held_leads.sql, each lead with its seconds_to_send.
create or replace function private.held_lead_digest(job_id uuid, claim_token uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  job private.lead_notifications;
  hour_end timestamptz;
  tokens jsonb;
  more jsonb;
  lead_table text;
begin
  select * into job from private.lead_notifications n
   where n.id = held_lead_digest.job_id and n.kind = 'held_digest' and n.status = 'sending'
     and n.claim_token = held_lead_digest.claim_token
     for update;
  if job.id is null then
    return null;
  end if;
  hour_end := job.digest_hour + interval '1 hour';
  tokens := job.payload -> 'tokens';
  if tokens is null then
    tokens := '{}'::jsonb;
    foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
      execute format(
        'with secrets as (
           select t.id, replace(gen_random_uuid()::text || gen_random_uuid()::text, ''-'', '''') as token
             from public.%1$I t
            where t.hold_reason is not null and t.duplicate_of is null and t.released_at is null
              and t.created_at >= $1 and t.created_at < $2
         ), stored as (
           update public.%1$I t set release_token_hash = private.sha256_hex(s.token)
             from secrets s where t.id = s.id
           returning t.id, s.token
         )
         select coalesce(jsonb_object_agg(stored.id, stored.token), ''{}''::jsonb) from stored',
        lead_table)
        into more
        using job.digest_hour, hour_end;
      tokens := tokens || more;
    end loop;
    update private.held_lead_purges p set reported_in = job.id where p.reported_in is null;
    update private.lead_notifications n set payload = jsonb_build_object('tokens', tokens) where n.id = job.id;
  end if;
  return jsonb_build_object(
    'hour_start', job.digest_hour,
    'hour_end', hour_end,
    'held', (select count(*) from private.held_lead_rows() h
              where h.created_at >= job.digest_hour and h.created_at < hour_end),
    'released', (select count(*) from private.held_lead_rows() h
                  where h.created_at >= job.digest_hour and h.created_at < hour_end and h.released_at is not null),
    'leads', coalesce((
      select jsonb_agg(jsonb_build_object(
               'lead_table', h.lead_table, 'lead_id', h.lead_id, 'received_at', h.created_at, 'name', h.name,
               'company', h.company, 'email', h.email, 'hold_reason', h.hold_reason, 'surface', h.surface,
               'release_token', tokens ->> h.lead_id::text,
               'seconds_to_send', private.seconds_to_send(h.created_at, h.challenge_issued_at))
             order by h.created_at, h.lead_id)
        from private.held_lead_rows() h
       where h.created_at >= job.digest_hour and h.created_at < hour_end and h.released_at is null), '[]'::jsonb),
    'deleted_since_last', (select coalesce(sum(p.deleted), 0) from private.held_lead_purges p
                            where p.reported_in = job.id),
    'retention_days', (select s.held_retention_days from private.lead_guard_settings s));
end;
$$;

drop function public.held_leads(boolean);

-- `npm run leads -- held`: the held leads, newest first, with when each would be deleted and how long each took
-- to send.
create function public.held_leads(include_released boolean default false)
returns table (
  lead_table text,
  lead_id uuid,
  received_at timestamptz,
  name text,
  company text,
  email text,
  hold_reason text,
  surface text,
  released_at timestamptz,
  released_by text,
  deleted_after timestamptz,
  seconds_to_send integer
)
language sql
stable
set search_path = ''
as $$
  select h.lead_table, h.lead_id, h.created_at, h.name, h.company, h.email, h.hold_reason, h.surface,
         h.released_at, h.released_by,
         case when h.released_at is null then h.created_at + make_interval(days => s.held_retention_days) end,
         private.seconds_to_send(h.created_at, h.challenge_issued_at)
    from private.held_lead_rows() h
    cross join private.lead_guard_settings s
   where include_released or h.released_at is null
   order by h.created_at desc, h.lead_id
$$;

revoke all on function private.held_lead_rows(), public.held_leads(boolean) from public, anon, authenticated;
grant execute on function private.held_lead_rows(), public.held_leads(boolean) to service_role;

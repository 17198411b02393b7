-- Make a flood cost something (issue 36, second slice): a proof-of-work challenge in ALTCHA's format
-- (altcha-org/altcha-lib, v1), issued and verified by this database with no third party. Docs: docs/security.md
-- ("Lead storage under abuse", "The challenge"), docs/lead-storage.md.
--
-- 1. public.lead_challenge() (anon): {algorithm: 'SHA-256', challenge, maxnumber, salt, signature}. The salt is
--    random with URL-style parameters, `<random>?expires=<unix seconds>&max=<maxnumber>&`, 64 characters in all;
--    challenge = SHA-256 hex of salt || n for a secret random n in [0, maxnumber]; signature = HMAC-SHA-256 hex of
--    the challenge with a server secret that never leaves this database (private.lead_challenge_secret).
-- 2. The difficulty (maxnumber) rises with the volume of leads of the last minutes, by levels as mCaptcha's
--    (private.lead_challenge_levels): at normal traffic a phone solves it well under a second; the top level is
--    the cap.
-- 3. The site's browser finds n and sends ALTCHA's payload, base64 of {algorithm, challenge, number, salt,
--    signature}, with the lead in the new column `challenge`. The submission guard verifies it (signature,
--    expiry, the number within the signed difficulty, and single use: private.used_lead_challenges) and clears the
--    column. A lead without one is held `no_challenge`, one with an invalid, expired or already used one
--    `bad_challenge`: stored and answered exactly like any other lead, as every held lead (20261127100000).

create schema if not exists extensions;
-- Hosted projects have pgcrypto in `extensions` already; the local database loads it (dev/local-api/database.ts).
create extension if not exists pgcrypto with schema extensions;

-- ---------------------------------------------------------------------------------------------------------
-- The secret. Generated here, at random, when the migration runs; it never leaves the database (no role but the
-- owner reads it: not anon, not service_role). `select private.rotate_lead_challenge_secret();` replaces it; the
-- previous one is still accepted for the challenges already issued (one challenge lifetime).

create table private.lead_challenge_secret (
  id boolean primary key default true,
  secret text not null default encode(extensions.gen_random_bytes(32), 'hex'),
  previous_secret text,
  rotated_at timestamptz not null default now(),
  constraint lead_challenge_secret_one_row check (id),
  constraint lead_challenge_secret_length check (char_length(secret) >= 32 and char_length(previous_secret) >= 32)
);
insert into private.lead_challenge_secret default values;
alter table private.lead_challenge_secret enable row level security;
revoke all on table private.lead_challenge_secret from public, anon, authenticated, service_role;

create function private.rotate_lead_challenge_secret(new_secret text default null)
returns timestamptz
language sql
volatile
set search_path = ''
as $$
  update private.lead_challenge_secret
     set previous_secret = secret,
         secret = coalesce(new_secret, encode(extensions.gen_random_bytes(32), 'hex')),
         rotated_at = now()
  returning rotated_at
$$;
revoke all on function private.rotate_lead_challenge_secret(text) from public;

-- ---------------------------------------------------------------------------------------------------------
-- The settings, next to the guard's (private.lead_guard_settings, one row the team may tune).

alter table private.lead_guard_settings
  -- How long an issued challenge is accepted.
  add column challenge_expiry_seconds integer not null default 600,
  -- The leads of both tables counted for the difficulty are those of the last this many minutes.
  add column challenge_window_minutes integer not null default 5,
  add constraint lead_guard_settings_challenge check (
    challenge_expiry_seconds between 60 and 3600 and challenge_window_minutes between 1 and 60);

-- The difficulty by volume: a challenge issued when both lead tables together received at least `leads_in_window`
-- rows in the last challenge_window_minutes gets the max_number of the highest such level. The level at 0 is
-- normal traffic; the highest is the cap. Measured on the phone profile (bench/challenge-solve.ts,
-- docs/security.md): see there before raising the first level.
create table private.lead_challenge_levels (
  leads_in_window integer primary key,
  max_number integer not null,
  constraint lead_challenge_levels_range check (leads_in_window >= 0 and max_number between 1000 and 99999999)
);
insert into private.lead_challenge_levels (leads_in_window, max_number) values
  (0, 100000),
  (30, 400000),
  (150, 1600000),
  (600, 6400000);
alter table private.lead_challenge_levels enable row level security;
revoke all on table private.lead_challenge_levels from public, anon, authenticated, service_role;
grant select, insert, update, delete on table private.lead_challenge_levels to service_role;

-- Challenges already used by a stored lead, each kept until it expires (then its expiry refuses it anyway).
create table private.used_lead_challenges (
  challenge text primary key,
  expires_at timestamptz not null
);
create index used_lead_challenges_expiry_idx on private.used_lead_challenges (expires_at);
alter table private.used_lead_challenges enable row level security;
revoke all on table private.used_lead_challenges from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Issuing.

-- The maxnumber a challenge issued now gets.
create function private.lead_challenge_max_number()
returns integer
language sql
stable
set search_path = ''
as $$
  with settings as (select s.challenge_window_minutes from private.lead_guard_settings s),
  recent as (
    select (select count(*) from public.consultation_requests r, settings
             where r.created_at > now() - make_interval(mins => settings.challenge_window_minutes))
         + (select count(*) from public.contact_messages m, settings
             where m.created_at > now() - make_interval(mins => settings.challenge_window_minutes)) as leads
  )
  select coalesce(
    (select l.max_number from private.lead_challenge_levels l, recent
      where l.leads_in_window <= recent.leads order by l.leads_in_window desc limit 1),
    (select min(l.max_number) from private.lead_challenge_levels l),
    100000)
$$;

create function private.issue_lead_challenge()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  max_number constant integer := private.lead_challenge_max_number();
  expiry_seconds constant integer := (select s.challenge_expiry_seconds from private.lead_guard_settings s);
  params constant text :=
    '?expires=' || (extract(epoch from now())::bigint + expiry_seconds) || '&max=' || max_number || '&';
  -- 64 characters in all, so the salt is exactly one SHA-256 block: a solver hashes it once, then one block per
  -- number (until maxnumber has 8 digits).
  salt constant text := left(encode(extensions.gen_random_bytes(32), 'hex'), 64 - length(params)) || params;
  secret_number constant bigint :=
    ('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % (max_number + 1);
  challenge constant text := encode(sha256(convert_to(salt || secret_number, 'UTF8')), 'hex');
begin
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', max_number,
    'salt', salt,
    'signature', encode(extensions.hmac(challenge, (select s.secret from private.lead_challenge_secret s), 'sha256'),
                        'hex'));
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Verifying. Null for a valid challenge, used now (so it is refused from now on); else why the lead is held.

create function private.lead_challenge_verdict(payload text)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  decoded jsonb;
  salt text;
  number_text text;
  challenge_hex text;
  signature text;
  expires bigint;
  max_number bigint;
  keys private.lead_challenge_secret;
  expiry_seconds integer;
begin
  if nullif(btrim(payload), '') is null then
    return 'no_challenge';
  end if;
  if length(payload) > 2000 then
    return 'bad_challenge';
  end if;
  begin
    -- Standard base64 as btoa writes it; base64url and missing padding accepted too.
    decoded := convert_from(decode(rpad(translate(btrim(payload), '-_', '+/'),
                                        ((length(btrim(payload)) + 3) / 4) * 4, '='), 'base64'), 'UTF8')::jsonb;
  exception when others then
    return 'bad_challenge';
  end;
  if jsonb_typeof(decoded) is distinct from 'object' or jsonb_typeof(decoded -> 'number') is distinct from 'number'
     or decoded ->> 'algorithm' is distinct from 'SHA-256' then
    return 'bad_challenge';
  end if;
  salt := decoded ->> 'salt';
  number_text := decoded ->> 'number';
  challenge_hex := decoded ->> 'challenge';
  signature := decoded ->> 'signature';
  if salt is null or length(salt) > 200 or number_text !~ '^(0|[1-9][0-9]{0,9})$'
     or challenge_hex !~ '^[0-9a-f]{64}$' or signature !~ '^[0-9a-f]{64}$' then
    return 'bad_challenge';
  end if;
  expires := substring(salt from '[?&]expires=([0-9]{1,12})(?:&|$)')::bigint;
  max_number := substring(salt from '[?&]max=([0-9]{1,9})(?:&|$)')::bigint;
  -- Expired, or the number outside the difficulty the salt carries (both are in the signed challenge, so they
  -- cannot be changed without breaking the signature below).
  if expires is null or max_number is null or to_timestamp(expires) <= now() or number_text::bigint > max_number then
    return 'bad_challenge';
  end if;
  if encode(sha256(convert_to(salt || number_text, 'UTF8')), 'hex') <> challenge_hex then
    return 'bad_challenge';
  end if;
  select * into keys from private.lead_challenge_secret;
  select s.challenge_expiry_seconds into expiry_seconds from private.lead_guard_settings s;
  if encode(extensions.hmac(challenge_hex, keys.secret, 'sha256'), 'hex') <> signature
     and (keys.previous_secret is null or keys.rotated_at <= now() - make_interval(secs => expiry_seconds)
          or encode(extensions.hmac(challenge_hex, keys.previous_secret, 'sha256'), 'hex') <> signature) then
    return 'bad_challenge';
  end if;
  -- Single use: of two requests with the same challenge at once, the second waits here for the first to commit,
  -- then finds it used (or, if the first rolled back, uses it).
  insert into private.used_lead_challenges (challenge, expires_at)
  values (challenge_hex, to_timestamp(expires))
  on conflict do nothing;
  if not found then
    return 'bad_challenge';
  end if;
  -- Expired entries go a few at a time, never waiting on another request's.
  delete from private.used_lead_challenges u
   where u.challenge in (select e.challenge from private.used_lead_challenges e
                          where e.expires_at < now() order by e.expires_at limit 20 for update skip locked);
  return null;
end;
$$;

revoke all on function private.lead_challenge_max_number(), private.issue_lead_challenge(),
  private.lead_challenge_verdict(text) from public;

-- ---------------------------------------------------------------------------------------------------------
-- The lead tables: the payload arrives in `challenge`, which visitors may insert; the guard clears it, so it is
-- never stored (null in every row).

do $$
declare
  lead_table text;
begin
  foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
    execute format('alter table public.%I add column challenge text', lead_table);
    execute format($sql$comment on column public.%I.challenge is
      'The visitor''s solved proof-of-work challenge (ALTCHA payload), read by the submission guard and cleared: always null once stored.'$sql$,
      lead_table);
    execute format('grant insert (challenge) on table public.%I to anon', lead_table);
  end loop;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The guard of 20261127100000_held_leads.sql, with the challenge: verified for every visitor request that passes
-- the refusing limits, and a reason to hold the lead after the trap field and before the volume reasons (a flood
-- without valid challenges shows as such in the digest). The column is cleared before the duplicate check, so a
-- retry with a fresh challenge is still recognised as a retry.
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
                                  'released_at', 'released_by', 'release_token_hash', 'challenge'];
  new.duplicate_of := original_id;

  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The data API's function: a security invoker wrapper over the private one, for visitors.

create function public.lead_challenge()
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.issue_lead_challenge() $$;

revoke all on function public.lead_challenge() from public, anon, authenticated;
grant execute on function private.issue_lead_challenge(), public.lead_challenge()
  to anon, authenticated, service_role;

-- No lockout, held leads (issue 36, first slice). Replaces the submission guard of
-- 20261123100000_lead_storage_hardening.sql. Docs: docs/security.md ("Lead storage under abuse"),
-- docs/lead-storage.md, docs/notifications.md ("Held leads").
--
-- 1. Nothing refuses a visitor because of other people's traffic. The limits that refuse are tied to the sender:
--    the client address, the e-mail address (with that client) and, new, the client's network block (/24 for
--    IPv4, /48 for IPv6; only its SHA-256 is kept, as for the address). The ceiling per table per minute is gone.
-- 2. A lead that looks like part of a flood is STORED AND HELD instead: above the global rate, in a burst from one
--    network block, or with the forms' hidden trap field (`honeypot`) filled. `hold_reason` says why. A held lead
--    is answered exactly like any other insert (the same 201, body and headers), gets no per-lead notification
--    and no booking until it is released.
-- 3. Release: private.release_held_lead (service_role; `npm run leads -- release <id>`) clears the hold and queues
--    the lead's normal notification, once. The digest carries a link per held lead whose secret (stored hashed)
--    releases it through two functions anon may call with the secret only.
-- 4. The team hears of held leads at most once an hour: one digest job per clock hour in the lead outbox (same
--    claim, lease, retries; a job without a lead), due a minute after the hour ends, none for an hour without one.
-- 5. Held leads never released are deleted after `held_retention_days` (14); the digest says how many since the
--    last one. Nightly with pg_cron where it exists, `npm run leads -- retention --held` anywhere.
-- Later hold reasons (a missing or invalid proof-of-work challenge) plug in by setting `hold_reason` in a BEFORE
-- INSERT trigger that fires after this guard (trigger names fire in alphabetical order); everything below acts on
-- `hold_reason is not null`, whatever the reason.

-- ---------------------------------------------------------------------------------------------------------
-- The limits, in one row the team may tune in the Table Editor (schema `private`), as booking_settings.

create table private.lead_guard_settings (
  id boolean primary key default true,
  -- Refused (per table): rows a minute from one client address.
  client_per_minute integer not null default 10,
  -- Refused: real leads an hour from one e-mail address (case and +tag ignored) on one client address.
  address_per_hour integer not null default 5,
  -- Refused: rows a minute from one network block (/24, /48).
  network_per_minute integer not null default 30,
  -- Held: a lead arriving when its network block already sent this many rows in the last minute. At least the
  -- client limit, so one address alone (an office, a mobile carrier's NAT) never looks like a burst.
  network_burst_per_minute integer not null default 10,
  -- Held: a lead arriving when the table already received this many rows in the last minute (the old ceiling's
  -- first threshold; above it, nothing is refused any more).
  global_hold_per_minute integer not null default 60,
  -- Held leads never released are deleted this many days after they arrived.
  held_retention_days integer not null default 14,
  constraint lead_guard_settings_one_row check (id),
  constraint lead_guard_settings_positive check (
    client_per_minute > 0 and address_per_hour > 0 and network_per_minute > 0 and network_burst_per_minute > 0
    and global_hold_per_minute > 0),
  constraint lead_guard_settings_burst check (network_burst_per_minute >= client_per_minute),
  constraint lead_guard_settings_retention check (held_retention_days between 1 and 365)
);
insert into private.lead_guard_settings default values;

alter table private.lead_guard_settings enable row level security;
revoke all on table private.lead_guard_settings from public, anon, authenticated, service_role;
grant select, update on table private.lead_guard_settings to service_role;

-- ---------------------------------------------------------------------------------------------------------
-- The lead tables' new columns. Visitors may insert `honeypot` only; the rest is the guard's and the release's.

do $$
declare
  lead_table text;
begin
  foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
    execute format($sql$
      alter table public.%1$I
        -- SHA-256 (hex) of the client's network block (/24, /48); null for server-side inserts.
        add column network_hash text,
        -- The forms' hidden trap field, as sent (people never see it; a filled one holds the lead).
        add column honeypot text,
        -- Why the guard held the lead (honeypot, network_burst, over_global_rate; later reasons may follow);
        -- null for a lead that was never held.
        add column hold_reason text,
        -- When and by whom a held lead was released (its notification is queued then).
        add column released_at timestamptz,
        add column released_by text,
        -- SHA-256 (hex) of the secret in the digest's release link; the secret itself is never stored here.
        add column release_token_hash text,
        add constraint %2$I check (char_length(honeypot) <= 500),
        add constraint %3$I check (hold_reason ~ '^[a-z][a-z_]{0,39}$'),
        add constraint %4$I check (
          (released_at is null and released_by is null)
          or (hold_reason is not null and released_at is not null and char_length(released_by) between 1 and 200))
    $sql$, lead_table, lead_table || '_honeypot_max_length', lead_table || '_hold_reason_shape',
      lead_table || '_release');
    execute format('create index %I on public.%I (network_hash, created_at)',
                   lead_table || '_network_recent_idx', lead_table);
    -- Held leads by time: the digest's hour, the listing and the retention.
    execute format('create index %I on public.%I (created_at) where hold_reason is not null and duplicate_of is null',
                   lead_table || '_held_idx', lead_table);
    execute format('create unique index %I on public.%I (release_token_hash) where release_token_hash is not null',
                   lead_table || '_release_token_idx', lead_table);
    execute format('grant insert (honeypot) on table public.%I to anon', lead_table);
  end loop;
end;
$$;

comment on column public.consultation_requests.hold_reason is
  'Set by the submission guard when the lead was stored and held (kept out of the per-lead notifications); null otherwise.';
comment on column public.contact_messages.hold_reason is
  'Set by the submission guard when the lead was stored and held (kept out of the per-lead notifications); null otherwise.';

-- The client's network block: a.b.c.0/24 for IPv4 (an IPv4-mapped IPv6 address counts as IPv4), the /48 for
-- IPv6. A value that is not an address (a forged header) is its own block.
create function private.client_network(address text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  ip inet;
begin
  if address is null then
    return null;
  end if;
  begin
    ip := regexp_replace(btrim(address), '^::ffff:([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$', '\1', 'i')::inet;
  exception when invalid_text_representation then
    return address;
  end;
  return network(set_masklen(ip, case family(ip) when 4 then 24 else 48 end))::text;
end;
$$;

create function private.sha256_hex(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select encode(sha256(convert_to(value, 'UTF8')), 'hex') $$;

revoke all on function private.client_network(text), private.sha256_hex(text) from public;

-- ---------------------------------------------------------------------------------------------------------
-- The guard. Runs before every insert into either lead table, as the table owner. For visitor requests (anon,
-- authenticated), per table:
--   refused:  client_per_minute rows a minute from the client; network_per_minute from its network block;
--             address_per_hour real leads an hour from the e-mail address on that client
--   held:     the honeypot filled; network_burst_per_minute rows already from the block in the last minute;
--             global_hold_per_minute rows already in the table in the last minute
-- Every limit is checked before the duplicate check, so a duplicate and a new lead get the same answer; a held
-- lead and any other get the same answer too. Three transaction-level advisory locks at most, always in this
-- order: the address, the network block, the client; none is shared by all visitors.
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

    -- Held, never refused: what looks automated, and everything above the global rate.
    if nullif(btrim(new.honeypot), '') is not null then
      new.hold_reason := 'honeypot';
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
                                  'released_at', 'released_by', 'release_token_hash'];
  new.duplicate_of := original_id;

  return new;
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The lead outbox: a held lead gets no job of its own; the hour's digest is a job without a lead.

alter table private.lead_notifications
  add column kind text not null default 'lead',
  -- The clock hour (UTC) whose held leads a digest lists.
  add column digest_hour timestamptz,
  -- A digest's release links, from its first delivery attempt until it is sent or given up (then cleared), so a
  -- retry sends the same links.
  add column payload jsonb,
  alter column lead_table drop not null,
  alter column lead_id drop not null,
  add constraint lead_notifications_kind check (kind in ('lead', 'held_digest')),
  add constraint lead_notifications_kind_shape check (
    case kind
      when 'lead' then lead_table is not null and lead_id is not null and digest_hour is null
      else lead_table is null and lead_id is null and digest_hour is not null
    end);
create unique index lead_notifications_one_digest_per_hour on private.lead_notifications (digest_hour)
  where kind = 'held_digest';

drop trigger enqueue_lead_notification on public.consultation_requests;
drop trigger enqueue_lead_notification on public.contact_messages;
create trigger enqueue_lead_notification
  after insert on public.consultation_requests
  for each row when (new.duplicate_of is null and new.hold_reason is null)
  execute function private.enqueue_lead_notification();
create trigger enqueue_lead_notification
  after insert on public.contact_messages
  for each row when (new.duplicate_of is null and new.hold_reason is null)
  execute function private.enqueue_lead_notification();

-- The first held lead of a clock hour queues that hour's digest, due a minute after the hour ends (a request
-- still running at the hour's end has committed by then). Looked up first, so a flood does not queue on the
-- digest's row.
create function private.enqueue_held_digest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hour_start constant timestamptz := date_trunc('hour', new.created_at, 'UTC');
begin
  if not exists (select 1 from private.lead_notifications n
                  where n.kind = 'held_digest' and n.digest_hour = hour_start) then
    insert into private.lead_notifications (kind, digest_hour, next_attempt_at)
    values ('held_digest', hour_start, hour_start + interval '1 hour 1 minute')
    on conflict do nothing;
  end if;
  return null;
end;
$$;

create trigger enqueue_held_digest
  after insert on public.consultation_requests
  for each row when (new.hold_reason is not null and new.duplicate_of is null)
  execute function private.enqueue_held_digest();
create trigger enqueue_held_digest
  after insert on public.contact_messages
  for each row when (new.hold_reason is not null and new.duplicate_of is null)
  execute function private.enqueue_held_digest();

-- Deletions of held leads, so the next digest can say how many went since the last one.
create table private.held_lead_purges (
  id bigint generated always as identity primary key,
  purged_at timestamptz not null default now(),
  deleted integer not null,
  cutoff timestamptz not null,
  -- The digest that reported them; null until one has.
  reported_in uuid references private.lead_notifications (id) on delete set null
);
alter table private.held_lead_purges enable row level security;
revoke all on table private.held_lead_purges from public, anon, authenticated, service_role;
grant select on table private.held_lead_purges to service_role;

-- A digest's release links are cleared once it is sent or given up; deletions a dead digest would have reported
-- go to the next one.
create function private.settle_held_digest()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('sent', 'dead') then
    new.payload := null;
  end if;
  if new.kind = 'held_digest' and new.status = 'dead' and old.status <> 'dead' then
    update private.held_lead_purges p set reported_in = null where p.reported_in = new.id;
  end if;
  return new;
end;
$$;

create trigger settle_held_digest
  before update of status on private.lead_notifications
  for each row execute function private.settle_held_digest();

-- ---------------------------------------------------------------------------------------------------------
-- Held leads of both tables (originals only: a retry marked duplicate_of is never listed, notified or released).

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
  release_token_hash text
)
language sql
stable
set search_path = ''
as $$
  select 'consultation_requests', r.id, r.created_at, r.name, r.company, r.email, r.hold_reason,
         r.attribution ->> 'surface', r.released_at, r.released_by, r.release_token_hash
    from public.consultation_requests r
   where r.hold_reason is not null and r.duplicate_of is null
  union all
  select 'contact_messages', m.id, m.created_at, m.name, m.company, m.email, m.hold_reason,
         m.attribution ->> 'surface', m.released_at, m.released_by, m.release_token_hash
    from public.contact_messages m
   where m.hold_reason is not null and m.duplicate_of is null
$$;

-- Releases a held lead: the hold is cleared (released_at, released_by) and the lead's normal notification is
-- queued, exactly once: releasing again answers 'already_released' and changes nothing. `lead_table` may be null
-- (the id is looked up in both tables).
create function private.release_held_lead(lead_table text, lead_id uuid, released_by text default 'operator')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  candidate text;
  found_table text;
  found_id uuid;
  reason text;
  was_released_at timestamptz;
  was_released_by text;
begin
  if lead_table is not null and lead_table not in ('consultation_requests', 'contact_messages') then
    raise exception 'lead_table must be consultation_requests or contact_messages, not "%"', lead_table
      using errcode = '22023';
  end if;
  foreach candidate in array array['consultation_requests', 'contact_messages'] loop
    continue when release_held_lead.lead_table is not null and candidate <> release_held_lead.lead_table;
    -- Locked: a second release at the same moment waits, then finds it released.
    execute format('select id, hold_reason, released_at, released_by from public.%I
                     where id = $1 and duplicate_of is null for update', candidate)
      into found_id, reason, was_released_at, was_released_by
      using release_held_lead.lead_id;
    if found_id is not null then
      found_table := candidate;
      exit;
    end if;
  end loop;
  if found_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  if reason is null then
    return jsonb_build_object('status', 'not_held', 'lead_table', found_table, 'lead_id', found_id);
  end if;
  if was_released_at is not null then
    return jsonb_build_object('status', 'already_released', 'lead_table', found_table, 'lead_id', found_id,
                              'hold_reason', reason, 'released_at', was_released_at, 'released_by', was_released_by);
  end if;
  execute format('update public.%I set released_at = now(), released_by = $2 where id = $1', found_table)
    using found_id, left(coalesce(nullif(btrim(release_held_lead.released_by), ''), 'operator'), 200);
  insert into private.lead_notifications (lead_table, lead_id) values (found_table, found_id)
  on conflict on constraint lead_notifications_one_per_lead do nothing;
  return jsonb_build_object('status', 'released', 'lead_table', found_table, 'lead_id', found_id,
                            'hold_reason', reason, 'released_at', now());
end;
$$;

-- The held lead behind a release link's secret (64 hex characters; anything else finds nothing).
create function private.held_lead_by_token(token text)
returns table (lead_table text, lead_id uuid, created_at timestamptz, name text, company text, hold_reason text,
               surface text, released_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select h.lead_table, h.lead_id, h.created_at, h.name, h.company, h.hold_reason, h.surface, h.released_at
    from private.held_lead_rows() h
   where token ~ '^[0-9a-f]{64}$' and h.release_token_hash = private.sha256_hex(token)
   limit 1
$$;

-- What the release page shows before the tap: who and when, not the e-mail address or the message.
create function private.held_lead_for_release(token text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object(
              'status', case when l.released_at is null then 'held' else 'released' end,
              'name', l.name, 'company', l.company, 'received_at', l.created_at, 'hold_reason', l.hold_reason,
              'surface', l.surface, 'released_at', l.released_at)
       from private.held_lead_by_token(token) l),
    jsonb_build_object('status', 'not_found'))
$$;

create function private.release_held_lead_by_token(token text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  held record;
  answer jsonb;
begin
  select * into held from private.held_lead_by_token(token);
  if held.lead_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  answer := private.release_held_lead(held.lead_table, held.lead_id, 'release link');
  return jsonb_build_object('status', answer ->> 'status', 'name', held.name, 'company', held.company,
                            'released_at', answer -> 'released_at');
end;
$$;

-- The digest of a claimed job: the hour's held leads with their release links, how many of the hour's were
-- released already, and how many held leads were deleted since the last digest. Only the current claim's holder
-- gets it (null otherwise). The first attempt gives each lead still held a fresh secret (its SHA-256 on the lead)
-- and keeps the secrets in the job until it is sent, so every retry sends the same links.
create function private.held_lead_digest(job_id uuid, claim_token uuid)
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
               'release_token', tokens ->> h.lead_id::text)
             order by h.created_at, h.lead_id)
        from private.held_lead_rows() h
       where h.created_at >= job.digest_hour and h.created_at < hour_end and h.released_at is null), '[]'::jsonb),
    'deleted_since_last', (select coalesce(sum(p.deleted), 0) from private.held_lead_purges p
                            where p.reported_in = job.id),
    'retention_days', (select s.held_retention_days from private.lead_guard_settings s));
end;
$$;

-- Retention for junk: held leads never released, received more than held_retention_days ago, are deleted with
-- their retries; the count is kept for the next digest. `dry_run` lists them and deletes nothing.
create function private.delete_expired_held_leads(dry_run boolean default false)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  days constant integer := (select s.held_retention_days from private.lead_guard_settings s);
  cutoff constant timestamptz := now() - make_interval(days => days);
  expired jsonb;
  removed integer := 0;
  gone integer;
  lead_table text;
begin
  select coalesce(jsonb_agg(jsonb_build_object('lead_table', h.lead_table, 'lead_id', h.lead_id,
                                               'received_at', h.created_at, 'email', h.email,
                                               'hold_reason', h.hold_reason)
                            order by h.created_at, h.lead_id), '[]'::jsonb)
    into expired
    from private.held_lead_rows() h
   where h.released_at is null and h.created_at < cutoff;
  if not dry_run then
    foreach lead_table in array array['consultation_requests', 'contact_messages'] loop
      execute format(
        'with gone as (
           delete from public.%1$I t
            where t.hold_reason is not null and t.duplicate_of is null and t.released_at is null and t.created_at < $1
           returning t.id
         ), retries as (
           delete from public.%1$I t where t.duplicate_of in (select id from gone)
         )
         select count(*) from gone',
        lead_table)
        into gone
        using cutoff;
      removed := removed + gone;
    end loop;
    if removed > 0 then
      insert into private.held_lead_purges (deleted, cutoff) values (removed, cutoff);
    end if;
  end if;
  return jsonb_build_object('dry_run', dry_run, 'retention_days', days, 'cutoff', cutoff, 'deleted', removed,
                            'leads', expired);
end;
$$;

-- ---------------------------------------------------------------------------------------------------------
-- Bookings: a held request is not the visitor's request until it is released. Holding a time answers
-- 'no_request' (the site: "we couldn't match this booking to your request", the request is saved and the team
-- will write), confirming answers 'not_found'; the same answers as for a request that was never stored.

create or replace function private.own_request(email text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select r.id
    from public.consultation_requests r
   where private.lead_address_key(r.email) = private.lead_address_key(own_request.email)
     and r.duplicate_of is null
     and (r.hold_reason is null or r.released_at is not null)
     and r.created_at > now() - interval '24 hours'
     and r.client_hash is not distinct from (
           select encode(sha256(convert_to(a, 'UTF8')), 'hex')
             from private.request_client_address() a)
   order by r.created_at desc
   limit 1
$$;

-- ---------------------------------------------------------------------------------------------------------
-- The data API's functions: security invoker wrappers over the private ones. The release link's two to
-- visitors (they answer only to the secret), the rest to service_role alone.

create function public.held_lead_for_release(token text)
returns jsonb
language sql
stable
set search_path = ''
as $$ select private.held_lead_for_release(token) $$;

create function public.release_held_lead_by_token(token text)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.release_held_lead_by_token(token) $$;

create function public.release_held_lead(lead_table text, lead_id uuid, released_by text default 'operator')
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.release_held_lead(lead_table, lead_id, released_by) $$;

create function public.held_lead_digest(job_id uuid, claim_token uuid)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.held_lead_digest(job_id, claim_token) $$;

create function public.delete_expired_held_leads(dry_run boolean default false)
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.delete_expired_held_leads(dry_run) $$;

-- `npm run leads -- held`: the held leads, newest first, with when each would be deleted.
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
  deleted_after timestamptz
)
language sql
stable
set search_path = ''
as $$
  select h.lead_table, h.lead_id, h.created_at, h.name, h.company, h.email, h.hold_reason, h.surface,
         h.released_at, h.released_by,
         case when h.released_at is null then h.created_at + make_interval(days => s.held_retention_days) end
    from private.held_lead_rows() h
    cross join private.lead_guard_settings s
   where include_released or h.released_at is null
   order by h.created_at desc, h.lead_id
$$;

revoke all on function private.guard_lead_submission(), private.enqueue_held_digest(), private.settle_held_digest(),
  private.held_lead_rows(), private.release_held_lead(text, uuid, text), private.held_lead_by_token(text),
  private.held_lead_for_release(text), private.release_held_lead_by_token(text),
  private.held_lead_digest(uuid, uuid), private.delete_expired_held_leads(boolean)
  from public;
revoke all on function public.held_lead_for_release(text), public.release_held_lead_by_token(text),
  public.release_held_lead(text, uuid, text), public.held_lead_digest(uuid, uuid),
  public.delete_expired_held_leads(boolean), public.held_leads(boolean)
  from public, anon, authenticated;

grant execute on function private.held_lead_for_release(text), private.release_held_lead_by_token(text),
  public.held_lead_for_release(text), public.release_held_lead_by_token(text)
  to anon, authenticated, service_role;
grant execute on function private.held_lead_rows(), private.release_held_lead(text, uuid, text),
  private.held_lead_digest(uuid, uuid), private.delete_expired_held_leads(boolean),
  public.release_held_lead(text, uuid, text), public.held_lead_digest(uuid, uuid),
  public.delete_expired_held_leads(boolean), public.held_leads(boolean)
  to service_role;

-- Hosted projects with pg_cron: held leads never released are deleted every night at 03:27 UTC. Where pg_cron
-- is not available (the local database) `npm run leads -- retention --held` does the same.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('delete-expired-held-leads', '27 3 * * *',
                          $job$select private.delete_expired_held_leads()$job$);
  end if;
end;
$$;

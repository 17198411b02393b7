-- Lead storage under abuse (issue 14). Replaces the submission guard of 20261122025933_lead_storage.sql:
-- 1. One request, at most one lead: a request from a visitor role (anon, authenticated) that tries to store
--    a second row is refused at that row, and a statement-level trigger over the statement's new rows
--    states the same rule for the statement as a whole.
-- 2. Rate limits keyed on the client address the API gateway passes to PostgREST (request.headers), on the
--    normalised e-mail address (case and +tag ignored) together with that client, and a ceiling per table
--    per minute. Someone else using a visitor's address from another connection never blocks that visitor.
-- 3. Bounded locking: at most two transaction-level advisory locks per request (address, client), never one
--    per row of a large array; no lock is shared by all visitors, so a flood only waits on itself.
-- 4. No oracle: a retried identical submission is stored and marked (duplicate_of = the original lead)
--    instead of being skipped, so the request stores and returns exactly one row either way and answers
--    identically, including Content-Range with `Prefer: count=exact`. Real leads are `duplicate_of is null`;
--    anything that acts on new leads (listings, notifications) must ignore marked rows.
-- Details and the measured figures: docs/security.md.

-- The original lead this row repeats (an identical submission within 10 minutes), or null for a real lead.
alter table public.consultation_requests add column duplicate_of uuid;
alter table public.contact_messages add column duplicate_of uuid;
-- SHA-256 (hex) of the client address the gateway reported for the request; null for server-side inserts.
alter table public.consultation_requests add column client_hash text;
alter table public.contact_messages add column client_hash text;

comment on column public.consultation_requests.duplicate_of is
  'Set by the submission guard when this row repeats a lead stored in the last 10 minutes; real leads have null.';
comment on column public.contact_messages.duplicate_of is
  'Set by the submission guard when this row repeats a lead stored in the last 10 minutes; real leads have null.';

-- The address as counted by the rate limit: lower case, without a +tag in the local part.
create function private.lead_address_key(email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select regexp_replace(lower(email), '\+[^@]*@', '@') $$;

-- The client address Supabase's gateway passes to PostgREST, read from the request headers PostgREST
-- exposes to SQL: cf-connecting-ip (set by the gateway's Cloudflare edge, not by the client), else the first
-- x-forwarded-for entry (self-hosted proxies; client-controlled where nothing overwrites it). Null outside
-- a data API request.
create function private.request_client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(btrim(coalesce(
    headers ->> 'cf-connecting-ip',
    split_part(headers ->> 'x-forwarded-for', ',', 1)
  )), '')
  from (select nullif(current_setting('request.headers', true), '')::json as headers) request
$$;

-- Every inserting role evaluates it for the address indexes below, so it stays executable (it is a pure
-- function; `private` is still not exposed by the data API).
revoke all on function private.lead_address_key(text) from public;
grant execute on function private.lead_address_key(text) to anon, authenticated, service_role;
revoke all on function private.request_client_address() from public;

drop index public.consultation_requests_email_recent_idx;
drop index public.contact_messages_email_recent_idx;
create index consultation_requests_address_recent_idx
  on public.consultation_requests (private.lead_address_key(email), created_at);
create index contact_messages_address_recent_idx
  on public.contact_messages (private.lead_address_key(email), created_at);
create index consultation_requests_client_recent_idx on public.consultation_requests (client_hash, created_at);
create index contact_messages_client_recent_idx on public.contact_messages (client_hash, created_at);
create index consultation_requests_recent_idx on public.consultation_requests (created_at);
create index contact_messages_recent_idx on public.contact_messages (created_at);

-- Runs before every insert into either lead table, as the table owner. The limits (per table):
--   per client:            10 rows a minute
--   per address + client:   5 real leads an hour (retries marked duplicate_of do not count)
--   ceiling:               60 rows a minute from all clients; above it only a client without a row in the
--                          last 10 minutes gets through, and above 300 rows a minute nobody does
-- Every limit is checked before the duplicate check, so a duplicate and a new lead get the same answer.
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
  rows_in_request integer;
  table_last_minute integer;
  client_last_minute integer;
  client_recently boolean;
  address_last_hour integer;
  original_id uuid;
begin
  new.duplicate_of := null;
  new.client_hash := case when client_address is null then null
                          else encode(sha256(convert_to(client_address, 'UTF8')), 'hex') end;

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

  -- Serialise requests for the same address (so two identical concurrent requests cannot both be new
  -- leads) and for the same client (so its limit holds under concurrency). Always in this order.
  perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':address:' || address_key, 0));
  if client_address is not null then
    perform pg_advisory_xact_lock(hashtextextended(tg_table_name || ':client:' || new.client_hash, 0));
  end if;

  if visitor_request then
    execute format('select count(*) from %I.%I where created_at > now() - interval ''1 minute''',
                   tg_table_schema, tg_table_name)
      into table_last_minute;
    if table_last_minute >= 300 then
      raise exception 'This form is receiving too many submissions right now: please try again in a minute.'
        using errcode = 'P0001', hint = 'Wait a minute before sending again, or e-mail us directly.';
    end if;

    if new.client_hash is not null then
      execute format(
        'select count(*) filter (where created_at > now() - interval ''1 minute''), count(*) > 0
           from %I.%I where client_hash = $1 and created_at > now() - interval ''10 minutes''',
        tg_table_schema, tg_table_name)
        into client_last_minute, client_recently
        using new.client_hash;
      if client_last_minute >= 10 then
        raise exception 'Too many submissions from this connection: at most 10 a minute are accepted.'
          using errcode = 'P0001', hint = 'Wait a minute before sending again, or e-mail us directly.';
      end if;
      if table_last_minute >= 60 and client_recently then
        raise exception 'This form is receiving too many submissions right now: please try again in a minute.'
          using errcode = 'P0001', hint = 'Wait a minute before sending again, or e-mail us directly.';
      end if;
    elsif table_last_minute >= 60 then
      raise exception 'This form is receiving too many submissions right now: please try again in a minute.'
        using errcode = 'P0001', hint = 'Wait a minute before sending again, or e-mail us directly.';
    end if;

    execute format(
      'select count(*) from %I.%I
        where private.lead_address_key(email) = $1 and created_at > now() - interval ''1 hour''
          and duplicate_of is null and client_hash is not distinct from $2',
      tg_table_schema, tg_table_name)
      into address_last_hour
      using address_key, new.client_hash;
    if address_last_hour >= 5 then
      raise exception 'Too many submissions from this e-mail address: at most 5 per hour are accepted.'
        using errcode = 'P0001',
              hint = 'Wait an hour before sending another request, or e-mail us directly.';
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
    using new, address_key, array['id', 'created_at', 'duplicate_of', 'client_hash'];
  new.duplicate_of := original_id;

  return new;
end;
$$;

revoke all on function private.guard_lead_submission() from public;

-- The rule of point 1 for a statement as a whole, over the rows it inserted (the row guard above has
-- already refused a visitor's second row; this also covers anything that reaches the table another way).
create function private.refuse_multi_row_request()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(current_setting('role', true), '') in ('anon', 'authenticated')
     and (select count(*) from new_leads) > 1 then
    raise exception 'One request can store one lead only: send a single object, not an array.'
      using errcode = 'P0001', hint = 'Send each lead in a request of its own.';
  end if;
  return null;
end;
$$;

revoke all on function private.refuse_multi_row_request() from public;

create trigger one_lead_per_request
  after insert on public.consultation_requests
  referencing new table as new_leads
  for each statement execute function private.refuse_multi_row_request();

create trigger one_lead_per_request
  after insert on public.contact_messages
  referencing new table as new_leads
  for each statement execute function private.refuse_multi_row_request();

-- The lead guard: runs before every insert into either lead table and decides whether a visitor's lead is stored,
-- held or refused (rate limits, the honeypot, the proof-of-work challenge; a retry is stored marked duplicate_of);
-- and one request stores at most one lead.

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
revoke all on function private.guard_lead_submission() from public, anon, authenticated, service_role;

-- The rule of point 1 for a statement as a whole, over the rows it inserted (the row guard above has
-- already refused a visitor's second row; this also covers anything that reaches the table another way).
create or replace function private.refuse_multi_row_request()
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
revoke all on function private.refuse_multi_row_request() from public, anon, authenticated, service_role;

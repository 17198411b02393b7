-- Checking a lead's challenge solution: signature, expiry, single use; and how long the visitor took to send the
-- lead.

-- Verifying. Null for a valid challenge, used now (so it is refused from now on); else why the lead is held.
create or replace function private.lead_challenge_verdict(payload text)
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
revoke all on function private.lead_challenge_verdict(text) from public, anon, authenticated, service_role;

-- When a valid payload's challenge was issued: its signed expiry less the lifetime challenges are issued with. Only
-- for a payload lead_challenge_verdict accepted.
create or replace function private.lead_challenge_issued_at(payload text)
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
revoke all on function private.lead_challenge_issued_at(text) from public, anon, authenticated, service_role;

-- Whole seconds from the challenge's issue to the lead (never below 0); null without a valid challenge.
create or replace function private.seconds_to_send(received_at timestamptz, challenge_issued_at timestamptz)
returns integer
language sql
immutable
set search_path = ''
as $$
  select greatest(0, floor(extract(epoch from received_at - challenge_issued_at)))::integer
$$;
revoke all on function private.seconds_to_send(timestamp with time zone,timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function private.seconds_to_send(timestamp with time zone,timestamp with time zone) to service_role;

-- The lead challenge (issue 36): a proof-of-work challenge in ALTCHA's format, issued by this database with no third
-- party, and its secret rotated.

create or replace function private.issue_lead_challenge()
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
revoke all on function private.issue_lead_challenge() from public, anon, authenticated, service_role;
grant execute on function private.issue_lead_challenge() to anon, authenticated, service_role;

-- The data API's function: a security invoker wrapper over the private one, for visitors.
create or replace function public.lead_challenge()
returns jsonb
language sql
volatile
set search_path = ''
as $$ select private.issue_lead_challenge() $$;
revoke all on function public.lead_challenge() from public, anon, authenticated, service_role;
grant execute on function public.lead_challenge() to anon, authenticated, service_role;

create or replace function private.rotate_lead_challenge_secret(new_secret text default null)
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
revoke all on function private.rotate_lead_challenge_secret(text) from public, anon, authenticated, service_role;

-- The key an e-mail address is counted under (lower case, without a +tag): the guard's limits and the lead and
-- booking tables' address indexes use it.

-- The address as counted by the rate limit: lower case, without a +tag in the local part.
create or replace function private.lead_address_key(email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select regexp_replace(lower(email), '\+[^@]*@', '@') $$;
revoke all on function private.lead_address_key(text) from public, anon, authenticated, service_role;
grant execute on function private.lead_address_key(text) to anon, authenticated, service_role;

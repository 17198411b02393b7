-- Who sent a request: the client's address as the platform reports it, its network, and the hashes the guard counts
-- them under (no address is stored).

create or replace function private.sha256_hex(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$ select encode(sha256(convert_to(value, 'UTF8')), 'hex') $$;
revoke all on function private.sha256_hex(text) from public, anon, authenticated, service_role;

-- The client address Supabase's gateway passes to PostgREST, read from the request headers PostgREST
-- exposes to SQL: cf-connecting-ip (set by the gateway's Cloudflare edge, not by the client), else the first
-- x-forwarded-for entry (self-hosted proxies; client-controlled where nothing overwrites it). Null outside
-- a data API request.
create or replace function private.request_client_address()
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
revoke all on function private.request_client_address() from public, anon, authenticated, service_role;

-- The client's network block: a.b.c.0/24 for IPv4 (an IPv4-mapped IPv6 address counts as IPv4), the /48 for
-- IPv6. A value that is not an address (a forged header) is its own block.
create or replace function private.client_network(address text)
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
revoke all on function private.client_network(text) from public, anon, authenticated, service_role;

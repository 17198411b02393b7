-- The challenge's difficulty: higher as more leads arrive in the window (private.lead_challenge_levels).

CREATE OR REPLACE FUNCTION private.lead_challenge_level()
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
$function$;
revoke all on function private.lead_challenge_level() from public, anon, authenticated, service_role;

-- The maxnumber a challenge issued now to this sender gets: the level for the volume, or the cap for a sender over
-- its limits. Called by private.issue_lead_challenge (security definer), for visitor requests; anything else
-- (no request, a server-side call) gets the level.
create or replace function private.lead_challenge_max_number()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  client_address constant text := private.request_client_address();
  sender_client constant text := private.sha256_hex(client_address);
  sender_network constant text := private.sha256_hex(private.client_network(client_address));
  settings private.lead_guard_settings;
  client_last_minute integer;
  network_last_minute integer;
begin
  if client_address is null or coalesce(current_setting('role', true), '') not in ('anon', 'authenticated') then
    return private.lead_challenge_level();
  end if;
  select * into settings from private.lead_guard_settings;
  perform pg_advisory_xact_lock(hashtextextended('lead_challenge:network:' || sender_network, 0));
  perform pg_advisory_xact_lock(hashtextextended('lead_challenge:client:' || sender_client, 0));
  select count(*) filter (where i.client_hash = sender_client), count(*)
    into client_last_minute, network_last_minute
    from private.lead_challenge_issues i
   where i.network_hash = sender_network and i.issued_at > now() - interval '1 minute';
  if client_last_minute >= settings.challenge_client_per_minute
     or network_last_minute >= settings.challenge_network_per_minute then
    return coalesce((select max(l.max_number) from private.lead_challenge_levels l), private.lead_challenge_level());
  end if;
  insert into private.lead_challenge_issues (client_hash, network_hash)
  values (sender_client, sender_network);
  delete from private.lead_challenge_issues i
   where i.ctid in (select e.ctid from private.lead_challenge_issues e
                     where e.issued_at < now() - interval '1 minute' order by e.issued_at limit 20
                       for update skip locked);
  return private.lead_challenge_level();
end;
$$;
revoke all on function private.lead_challenge_max_number() from public, anon, authenticated, service_role;

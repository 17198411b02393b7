-- A lead joins its visit through attribution.visit_id: a value that is not a UUID is dropped before the lead is
-- stored, so it never costs the lead.

create or replace function private.drop_malformed_visit_id()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if jsonb_typeof(new.attribution) = 'object' and new.attribution ? 'visit_id'
     and not coalesce(jsonb_typeof(new.attribution -> 'visit_id') = 'string'
                      and new.attribution ->> 'visit_id'
                          ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', false) then
    new.attribution := new.attribution - 'visit_id';
  end if;
  return new;
end;
$$;
revoke all on function private.drop_malformed_visit_id() from public, anon, authenticated, service_role;

-- A booked call gets the token its host records the outcome with (who turned up).

create or replace function private.give_outcome_token()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'booked' and new.outcome_token is null then
    new.outcome_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  end if;
  return new;
end;
$$;
revoke all on function private.give_outcome_token() from public, anon, authenticated, service_role;

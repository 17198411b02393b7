-- What a stored visit event's text fields may hold: private.visit_events' check constraints call these.

-- A host name only (never a whole referrer URL, which may carry a search or a person's details).
create or replace function private.is_visit_host(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select private.is_visit_text(value) and value ~ '^[^/?#@\\[:space:][:cntrl:]]+$' $$;
revoke all on function private.is_visit_host(text) from public, anon, authenticated, service_role;

create or replace function private.is_visit_kind(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$ select value = any (l.kinds) from private.visit_event_limits() l $$;
revoke all on function private.is_visit_kind(text) from public, anon, authenticated, service_role;

-- A path of the site: starts with /, no query string or fragment, no space or control character, bounded.
create or replace function private.is_visit_path(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~ '^/[^?#[:space:][:cntrl:]]*$'
     and char_length(value) <= (select l.path_max from private.visit_event_limits() l)
$$;
revoke all on function private.is_visit_path(text) from public, anon, authenticated, service_role;

-- Any other text: bounded, no control character.
create or replace function private.is_visit_text(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value !~ '[[:cntrl:]]' and char_length(value) <= (select l.text_max from private.visit_event_limits() l)
$$;
revoke all on function private.is_visit_text(text) from public, anon, authenticated, service_role;

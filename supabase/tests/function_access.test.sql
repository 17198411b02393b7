-- Which functions the API roles may call. anon (the key in every browser): the visitor's booking functions, the
-- host's outcome link's, the held lead's release link's and the visit counter (security invoker wrappers in public,
-- each calling its security definer namesake in private, for which anon has usage on private), the proof-of-work
-- challenge's issuer, and the pure address normaliser the lead tables' indexes use. authenticated (a signed-in team
-- member): the same, plus the team check and the team's reports. Every security definer function pins its
-- search_path and lives outside public.
begin;
select plan(18);

create temporary table visitor_functions (fn text) on commit drop;
insert into visitor_functions
select fn from unnest(array[
  'booking_slots(timestamp with time zone,timestamp with time zone)',
  'hold_booking_slot(text,timestamp with time zone,text)',
  'confirm_booking(uuid,text)',
  'managed_booking(text)',
  'cancel_booking(text)',
  'move_booking(text,timestamp with time zone)',
  'call_for_outcome(text)',
  'record_call_outcome(text,text)',
  'held_lead_for_release(text)',
  'release_held_lead_by_token(text)',
  'record_visit_events(jsonb)'
]) as wrapper, lateral (values (wrapper), ('private.' || wrapper)) as names(fn)
union all values ('lead_challenge()'), ('private.issue_lead_challenge()'), ('private.lead_address_key(text)');

select set_eq(
  $$select p.oid::regprocedure::text from pg_proc p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and has_function_privilege('anon', p.oid, 'EXECUTE')$$,
  $$select fn from visitor_functions$$,
  'anon may call the booking, outcome-link, release-link and visit-counter functions, the challenge issuer and the address normaliser, and nothing else in public or private'
);
select set_eq(
  $$select p.oid::regprocedure::text from pg_proc p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and has_function_privilege('authenticated', p.oid, 'EXECUTE')
       and not has_function_privilege('anon', p.oid, 'EXECUTE')$$,
  $$select fn from unnest(array[
      'insights_experiment(text,timestamp with time zone)', 'insights_overview(date,date)',
      'insights_pages(date,date)', 'insights_sources(date,date,text)'
    ]) as report, lateral (values (report), ('private.' || report)) as names(fn)
    union all values ('private.is_team_member()')$$,
  'authenticated may call what anon may, plus the team check and the team''s reports, and nothing else'
);
select is_empty(
  $$select p.oid::regprocedure from pg_proc p
     where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
       and has_function_privilege('anon', p.oid, 'EXECUTE')
       and not has_function_privilege('authenticated', p.oid, 'EXECUTE')$$,
  'authenticated may call every function anon may'
);

select is(has_schema_privilege('anon', 'private', 'USAGE'), true,
  'anon has usage on private (its booking functions live there)');
select is(
  coalesce((select has_schema_privilege('anon', oid, 'USAGE') from pg_namespace where nspname = 'local_api'), false),
  false,
  'anon has no usage on local_api (the local data API''s own schema, where it exists)'
);

-- The team's list is the operator's: no API role adds, removes or lists; a signed-in request's policies ask
-- whether it is a team member, anon's never do.
select function_privs_are('public', 'add_team_member', array['text', 'text'], role, array[]::text[],
         format('%s may not call add_team_member', role))
  from unnest(array['anon', 'authenticated']) as role;
select function_privs_are('public', 'remove_team_member', array['text'], role, array[]::text[],
         format('%s may not call remove_team_member', role))
  from unnest(array['anon', 'authenticated']) as role;
select function_privs_are('public', 'list_team_members', array[]::text[], role, array[]::text[],
         format('%s may not call list_team_members', role))
  from unnest(array['anon', 'authenticated']) as role;
select function_privs_are('private', 'is_team_member', array[]::text[], 'anon', array[]::text[],
  'anon may not call is_team_member');
select function_privs_are('private', 'is_team_member', array[]::text[], 'authenticated', array['EXECUTE'],
  'authenticated may call is_team_member');

-- The booking clock (a test's way to move time) is nobody's but the owner's.
select function_privs_are('private', 'clock_now', array[]::text[], role, array[]::text[],
         format('%s may not call private.clock_now()', role))
  from unnest(array['anon', 'authenticated']) as role;

select ok(
  exists (select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')),
  'there are security definer functions (the checks below are not vacuous)'
);
select is_empty(
  $$select p.oid::regprocedure from pg_proc p
     where p.prosecdef and p.pronamespace = 'public'::regnamespace$$,
  'no security definer function is in public (where the API would serve it)'
);
-- Every schema but the catalog's: on a Supabase CLI stack, the platform's own schemas (none of which the embedded
-- server or PGlite has) are left to Supabase.
select is_empty(
  $$select p.oid::regprocedure from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
       and n.nspname not in ('storage', 'graphql', 'graphql_public', 'realtime', '_realtime', 'pgbouncer', 'vault',
                             'supabase_functions', 'net', 'cron', 'pgsodium', 'pgsodium_masks', '_analytics')
       and not exists (select from unnest(coalesce(p.proconfig, array[]::text[])) as setting
                        where setting like 'search\_path=%')$$,
  'every security definer function pins its search_path'
);

select * from finish();
rollback;

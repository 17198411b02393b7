-- What the API roles hold outside the lead tables. `private` is never served, but anon and authenticated have
-- usage on it (the booking functions live there): no table, view or column in it is theirs, the booking clock and
-- the team's list included. The sign-in's tables (`auth`, as a hosted project's) are the Auth server's. In public,
-- no view or sequence is anon's, and anon inherits no other role.
begin;
select plan(7);

select is_empty(
  format($$select c.relname, p.privilege
     from pg_class c
    cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
    where c.relnamespace = 'private'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      and (has_table_privilege(%L, c.oid, p.privilege)
           or (p.privilege in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')
               and has_any_column_privilege(%L, c.oid, p.privilege)))$$, role, role),
  format('%s holds no privilege on any table or view in private (the booking clock and the team''s list included), nor on any of their columns', role)
) from unnest(array['anon', 'authenticated']) as role;

select is_empty(
  format($$select n.nspname || '.' || c.relname
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where (n.nspname = 'auth' or (n.nspname = 'private' and c.relname = 'team_members'))
      and c.relkind in ('r', 'v', 'm', 'p')
      and (has_table_privilege(%L, c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER')
           or has_any_column_privilege(%L, c.oid, 'SELECT,INSERT,UPDATE,REFERENCES'))$$, role, role),
  format('%s holds no privilege on the auth tables or the team''s list', role)
) from unnest(array['anon', 'authenticated']) as role;

select ok(
  exists (select from pg_class where relnamespace = 'auth'::regnamespace and relkind = 'r'),
  'there are auth tables (the check above is not vacuous)'
);

select is_empty(
  $$select c.relname from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm', 'S', 'f')
       and (has_table_privilege('anon', c.oid, 'SELECT')
            or (c.relkind = 'S' and has_sequence_privilege('anon', c.oid, 'USAGE')))$$,
  'anon may read no view and use no sequence in public'
);
select is_empty(
  $$select r.rolname from pg_roles r
     where r.rolname <> 'anon' and r.rolname not like 'pg\_%' and r.rolname <> 'public'
       and pg_has_role('anon', r.oid, 'USAGE')$$,
  'anon inherits no other role'
);

select * from finish();
rollback;

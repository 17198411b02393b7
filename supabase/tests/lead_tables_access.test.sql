-- Who may do what with the lead tables, the only tables in `public` (the schema the data API serves): row level
-- security on; anon may insert only the fields a visitor fills in, under a policy that checks something; no other
-- API role reads, changes or deletes a lead. The same rules met through the API: __tests__/contract/access.test.ts
-- and __tests__/security/db-posture.test.ts.
begin;
select plan(16);

select is(
  array(select c.relname::text from pg_class c
         where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1),
  array['consultation_requests', 'contact_messages'],
  'the lead tables are the only tables in public'
);
select is_empty(
  $$select c.relname from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity$$,
  'every table in public has row level security enabled'
);

select set_eq(
  $$select tablename::text, roles::text[], cmd from pg_policies where schemaname = 'public'$$,
  $$values ('consultation_requests', array['anon'], 'INSERT'), ('contact_messages', array['anon'], 'INSERT')$$,
  'the only policies in public are anon INSERT policies, one per lead table'
);
select is_empty(
  $$select policyname from pg_policies
     where schemaname = 'public'
       and (with_check is null
            or lower(regexp_replace(with_check, '[()\s]', '', 'g')) = 'true'
            or lower(regexp_replace(coalesce(qual, ''), '[()\s]', '', 'g')) = 'true')$$,
  'no policy in public is a literal true, and each checks the rows it admits'
);

-- Table privileges: none for anon (its INSERT is granted per column, below) nor for authenticated (the site has no
-- accounts). table_privs_are asks has_table_privilege, so grants to PUBLIC and inherited ones count too.
select table_privs_are('public', 'consultation_requests', 'anon', array[]::text[],
  'anon holds no table privilege on consultation_requests (no select, insert, update, delete, truncate, references, trigger)');
select table_privs_are('public', 'contact_messages', 'anon', array[]::text[],
  'anon holds no table privilege on contact_messages (no select, insert, update, delete, truncate, references, trigger)');
select table_privs_are('public', 'consultation_requests', 'authenticated', array[]::text[],
  'authenticated holds no table privilege on consultation_requests');
select table_privs_are('public', 'contact_messages', 'authenticated', array[]::text[],
  'authenticated holds no table privilege on contact_messages');

select is_empty(
  format($$select c.relname, p.privilege
     from pg_class c cross join unnest(array['SELECT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p(privilege)
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
      and (has_table_privilege(%L, c.oid, p.privilege)
           or (p.privilege in ('SELECT', 'UPDATE') and has_any_column_privilege(%L, c.oid, p.privilege)))$$,
    role, role),
  format('%s holds no SELECT, UPDATE, DELETE, TRUNCATE, REFERENCES or TRIGGER on any public table or view, nor on any of its columns', role)
) from unnest(array['anon', 'authenticated']) as role;

select ok(
  not has_any_column_privilege('anon', format('public.%I', t), 'SELECT,UPDATE'),
  format('anon may neither read nor update any column of %s', t)
) from unnest(array['consultation_requests', 'contact_messages']) as t;

-- The fields a visitor fills in, and nothing the server decides: not the id or the time, nor what the guard and
-- the release decide (duplicate_of, client_hash, network_hash, hold_reason, released_at, released_by,
-- release_token_hash, challenge_issued_at); the trap field and the solved challenge are the visitor's to send.
select is(
  array(select table_name::text || '.' || column_name::text from information_schema.column_privileges
         where grantee = 'anon' and privilege_type = 'INSERT' and table_schema = 'public'
         order by table_name, column_name),
  array[
    'consultation_requests.attribution', 'consultation_requests.challenge', 'consultation_requests.company',
    'consultation_requests.email', 'consultation_requests.honeypot', 'consultation_requests.message',
    'consultation_requests.name', 'consultation_requests.phone',
    'contact_messages.attribution', 'contact_messages.challenge', 'contact_messages.company',
    'contact_messages.email', 'contact_messages.honeypot', 'contact_messages.message', 'contact_messages.name'
  ]::text[],
  'anon may insert only the fields a visitor fills in'
);
select is(
  array(select attrelid::regclass::text || '.' || attname::text from pg_attribute
         where attrelid in ('public.consultation_requests'::regclass, 'public.contact_messages'::regclass)
           and attnum > 0 and not attisdropped and has_column_privilege('anon', attrelid, attnum, 'INSERT')
         order by 1),
  array[
    'consultation_requests.attribution', 'consultation_requests.challenge', 'consultation_requests.company',
    'consultation_requests.email', 'consultation_requests.honeypot', 'consultation_requests.message',
    'consultation_requests.name', 'consultation_requests.phone',
    'contact_messages.attribution', 'contact_messages.challenge', 'contact_messages.company',
    'contact_messages.email', 'contact_messages.honeypot', 'contact_messages.message', 'contact_messages.name'
  ]::text[],
  'and no other column, by any route (a grant to PUBLIC or to a role anon inherits counts too)'
);
select is_empty(
  $$select attrelid::regclass, attname from pg_attribute
     where attrelid in ('public.consultation_requests'::regclass, 'public.contact_messages'::regclass)
       and attnum > 0 and not attisdropped
       and has_column_privilege('authenticated', attrelid, attnum, 'SELECT,INSERT,UPDATE,REFERENCES')$$,
  'authenticated holds no privilege on any column of the lead tables'
);

-- The defaults the site relies on: the server sets the id and the time; the optional fields are empty, not null.
select set_eq(
  $$select table_name::text || '.' || column_name::text, column_default::text from information_schema.columns
     where table_schema = 'public' and column_default is not null$$,
  $$values ('consultation_requests.created_at', 'now()'),
           ('consultation_requests.id', 'gen_random_uuid()'),
           ('consultation_requests.message', '''''::text'),
           ('consultation_requests.phone', '''''::text'),
           ('contact_messages.created_at', 'now()'),
           ('contact_messages.id', 'gen_random_uuid()')$$,
  'the defaults in public are the server-side id and time and the empty optional fields'
);

select * from finish();
rollback;

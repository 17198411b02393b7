// What migra does not diff, part 1: privileges. @pgkit/migra (like djrobstep/migra, which `supabase db diff` ran)
// compares table-level grants only, and for a table it creates it writes the grants it sees without revoking the
// ones the schema's default privileges give at creation. Column grants (`grant insert (name, email) … to anon`),
// EXECUTE on functions and privileges on schemas it does not compare at all, and those are most of this project's
// access rules. So privileges are read from the catalog here, every object's ACL as (grantee, privilege) pairs,
// and compared in full; migra's own privilege diff is not used.
import type { ClientBase } from 'pg';

type Grant = { kind: string; object: string; column: string | null; grantee: string; privilege: string };
export type Privileges = { objects: Map<string, string>; grants: Grant[] };

/** Schemas the differ leaves alone (PostgreSQL's own). */
export const SYSTEM_SCHEMAS = `n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`;
const NOT_FROM_EXTENSION = (classid: string, oid: string) =>
  `not exists (select from pg_catalog.pg_depend e where e.classid = '${classid}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

// One row per (object, column, grantee, privilege); the owner's own rights are left out (an owner always has them).
const PRIVILEGES_SQL = `
  with objects as (
    select case when c.relkind = 'S' then 'sequence' else 'table' end as kind,
           format('%I.%I', n.nspname, c.relname) as object, c.relowner as owner,
           coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's'::"char" else 'r'::"char" end, c.relowner)) as acl,
           c.oid as relid
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and ${SYSTEM_SCHEMAS} and ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}
    union all
    select case when p.prokind = 'p' then 'procedure' else 'function' end,
           p.oid::pg_catalog.regprocedure::text, p.proowner,
           coalesce(p.proacl, acldefault('f', p.proowner)), null
      from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where ${SYSTEM_SCHEMAS} and ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
    union all
    select 'schema', format('%I', n.nspname), n.nspowner, coalesce(n.nspacl, acldefault('n', n.nspowner)), null
      from pg_catalog.pg_namespace n
     where ${SYSTEM_SCHEMAS} and ${NOT_FROM_EXTENSION('pg_namespace', 'n.oid')}
  ), entries as (
    select o.kind, o.object, null::text as "column", null::smallint as attnum, o.owner, x.grantee, x.privilege_type,
           x.is_grantable
      from objects o cross join lateral aclexplode(o.acl) x
    union all
    select o.kind, o.object, format('%I', a.attname), a.attnum, o.owner, x.grantee, x.privilege_type, x.is_grantable
      from objects o join pg_catalog.pg_attribute a on a.attrelid = o.relid and a.attnum > 0 and not a.attisdropped
      cross join lateral aclexplode(a.attacl) x
     where a.attacl is not null
  )
  select * from (
  select kind, object, "column", attnum,
         case when grantee = 0 then 'public' else quote_ident(pg_catalog.pg_get_userbyid(grantee)) end as grantee,
         lower(privilege_type) || case when is_grantable then ' with grant option' else '' end as privilege
    from entries
   where grantee <> owner
  union all
  select kind, object, null, null, null, null from objects
  ) listed
   order by array_position(array['schema', 'table', 'sequence', 'function', 'procedure'], kind), object,
            attnum nulls first, grantee, privilege`;

/** Reads as a superuser; names come schema-qualified (the caller's search_path is ''). */
export async function readPrivileges(client: ClientBase): Promise<Privileges> {
  const { rows } = await client.query<Grant & { grantee: string | null }>(PRIVILEGES_SQL);
  const objects = new Map<string, string>();
  const grants: Grant[] = [];
  for (const row of rows) {
    if (row.grantee === null) objects.set(row.object, row.kind);
    else grants.push(row);
  }
  return { objects, grants };
}

const key = (grant: Grant) => [grant.kind, grant.object, grant.column ?? '', grant.grantee, grant.privilege].join('\t');

/** The roles whose rights a new object may get from default privileges, revoked before its own grants. */
const REVOKED_ON_NEW_OBJECTS = 'public, anon, authenticated, service_role';

const WITH_GRANT_OPTION = ' with grant option';

/** Every privilege an object of a kind can have (PostgreSQL 17): granted together, they are written `all`. */
const ALL_PRIVILEGES: Record<string, string[]> = {
  table: ['delete', 'insert', 'maintain', 'references', 'select', 'trigger', 'truncate', 'update'],
  sequence: ['select', 'update', 'usage'],
  function: ['execute'],
  procedure: ['execute'],
  schema: ['create', 'usage'],
};

function rights(kind: string, privileges: string[], columns: string[]): string {
  const all = ALL_PRIVILEGES[kind] ?? [];
  const everything = columns.length === 0 && all.length > 1 && all.every((privilege) => privileges.includes(privilege));
  return `${everything ? 'all' : privileges.join(', ')}${columns.length > 0 ? ` (${columns.join(', ')})` : ''}`;
}

/**
 * `grant`/`revoke` statements for a set of one object's grants, joined as a person writes them: one statement for
 * the object's own privileges (`grant select, delete on table …`) and one per privilege on columns
 * (`grant insert (name, email) on table …`), per grantee or set of grantees given the same.
 */
function grantStatements(verb: 'grant' | 'revoke', grants: Grant[]): string[] {
  const groups = new Map<string, { grant: Grant; privileges: string[]; columns: string[] }>();
  for (const grant of grants) {
    const grantOption = verb === 'grant' && grant.privilege.endsWith(WITH_GRANT_OPTION);
    const privilege = grant.privilege.replace(WITH_GRANT_OPTION, '');
    const groupKey = [grant.kind, grant.object, grant.grantee, grantOption, grant.column ? privilege : ''].join('\t');
    const group = groups.get(groupKey) ?? { grant, privileges: [], columns: [] };
    if (grant.column) group.columns.push(grant.column);
    if (!group.privileges.includes(privilege)) group.privileges.push(privilege);
    groups.set(groupKey, group);
  }
  // Then grantees given the same rights on the object share one statement (`… to anon, authenticated`).
  const byRights = new Map<string, { grant: Grant; what: string; grantees: string[] }>();
  for (const { grant, privileges, columns } of groups.values()) {
    const what = rights(grant.kind, privileges, columns);
    const grantOption = verb === 'grant' && grant.privilege.endsWith(WITH_GRANT_OPTION);
    const rightsKey = [grant.kind, grant.object, what, grantOption].join('\t');
    const entry = byRights.get(rightsKey) ?? { grant, what, grantees: [] };
    entry.grantees.push(grant.grantee);
    byRights.set(rightsKey, entry);
  }
  return [...byRights.values()].map(({ grant, what, grantees }) =>
    verb === 'grant'
      ? `grant ${what} on ${grant.kind} ${grant.object} to ${grantees.join(', ')}${grant.privilege.endsWith(WITH_GRANT_OPTION) ? WITH_GRANT_OPTION : ''};`
      : `revoke ${what} on ${grant.kind} ${grant.object} from ${grantees.join(', ')};`,
  );
}

/**
 * The statements that take `from`'s privileges to `to`'s. An object `from` lacks is new: its statements start with
 * a revoke of everything from the API roles (what default privileges gave it), then its grants, as the
 * hand-written migrations do. Objects only in `from` are dropped by migra's statements and need nothing here.
 */
export function diffPrivileges(from: Privileges, to: Privileges): string[] {
  const before = new Set(from.grants.map(key));
  const after = new Set(to.grants.map(key));
  const statements: string[] = [];
  for (const [object, kind] of to.objects) {
    const isNew = !from.objects.has(object);
    const revokes = isNew
      ? [`revoke all on ${kind} ${object} from ${REVOKED_ON_NEW_OBJECTS};`]
      : grantStatements(
          'revoke',
          from.grants.filter((g) => g.object === object && g.kind === kind && !after.has(key(g))),
        );
    const grants = grantStatements(
      'grant',
      to.grants.filter((g) => g.object === object && g.kind === kind && (isNew || !before.has(key(g)))),
    );
    if (isNew && grants.length === 0 && !needsRevoke(kind, object)) continue;
    statements.push(...revokes, ...grants);
  }
  return statements;
}

/**
 * Whether a new object with no grants at all still needs the revoke: a function does (EXECUTE to PUBLIC is
 * PostgreSQL's default), and so does anything in `public` (Supabase's default privileges grant the API roles
 * everything there). A new schema, or a table elsewhere, starts with no rights to take away.
 */
function needsRevoke(kind: string, object: string): boolean {
  return kind === 'function' || kind === 'procedure' || (kind !== 'schema' && object.startsWith('public.'));
}

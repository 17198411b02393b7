// What migra does not diff, part 2: comments (`comment on column … is …`), which this project uses to say what a
// column holds. Every commentable object is read with its comment (or none) and the differences written as
// `comment on` statements.
import type { ClientBase } from 'pg';
import { SYSTEM_SCHEMAS } from './catalog-privileges';

/** Each object as the target of `comment on` (`column private.bookings.in_flood`) and its comment or null. */
export type Comments = Map<string, string | null>;

const RELATION_KIND = `case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
  when 'i' then 'index' when 'I' then 'index' when 'f' then 'foreign table' else 'table' end`;

const COMMENTS_SQL = `
  select format('%s %I.%I', ${RELATION_KIND}, n.nspname, c.relname) as target,
         obj_description(c.oid, 'pg_class') as comment
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'S', 'i', 'I', 'f') and ${SYSTEM_SCHEMAS}
  union all
  select format('column %I.%I.%I', n.nspname, c.relname, a.attname), col_description(c.oid, a.attnum)
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   where c.relkind in ('r', 'p', 'v', 'm', 'f') and ${SYSTEM_SCHEMAS}
  union all
  select format('%s %s', case when p.prokind = 'p' then 'procedure' else 'function' end, p.oid::pg_catalog.regprocedure),
         obj_description(p.oid, 'pg_proc')
    from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where ${SYSTEM_SCHEMAS}
  union all
  select format('schema %I', n.nspname), obj_description(n.oid, 'pg_namespace')
    from pg_catalog.pg_namespace n where ${SYSTEM_SCHEMAS}
  union all
  select format('constraint %I on %I.%I', k.conname, n.nspname, c.relname), obj_description(k.oid, 'pg_constraint')
    from pg_catalog.pg_constraint k join pg_catalog.pg_class c on c.oid = k.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace where ${SYSTEM_SCHEMAS}
  union all
  select format('trigger %I on %I.%I', t.tgname, n.nspname, c.relname), obj_description(t.oid, 'pg_trigger')
    from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and ${SYSTEM_SCHEMAS}
  union all
  select format('policy %I on %I.%I', p.polname, n.nspname, c.relname), obj_description(p.oid, 'pg_policy')
    from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace where ${SYSTEM_SCHEMAS}
   order by 1`;

export async function readComments(client: ClientBase): Promise<Comments> {
  const { rows } = await client.query<{ target: string; comment: string | null }>(COMMENTS_SQL);
  return new Map(rows.map((row) => [row.target, row.comment]));
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** `comment on` statements for every object of `to` whose comment differs from `from`'s (a new object's, if any). */
export function diffComments(from: Comments, to: Comments): string[] {
  const statements: string[] = [];
  for (const [target, comment] of to) {
    if ((from.get(target) ?? null) === comment) continue;
    statements.push(`comment on ${target} is ${comment === null ? 'null' : literal(comment)};`);
  }
  return statements;
}

// What migra does not diff, part 3: a relation's options (`with (…)`). Its `create view` drops them, and the one
// that matters here is a view's security_invoker: without it a view reads the tables with its owner's rights and
// its callers pass every row-level policy (Supabase's docs list such views among the diff's known failures).
import type { ClientBase } from 'pg';
import { SYSTEM_SCHEMAS } from './catalog-privileges';

/** Each table, view or materialized view (`view public.x`) with its options (`security_invoker=true`), if any. */
export type Options = Map<string, string[]>;

const OPTIONS_SQL = `
  select format('%s %I.%I', case c.relkind when 'v' then 'view' when 'm' then 'materialized view' else 'table' end,
                n.nspname, c.relname) as target,
         coalesce(c.reloptions, '{}') as options
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm') and ${SYSTEM_SCHEMAS}
   order by 1`;

export async function readOptions(client: ClientBase): Promise<Options> {
  const { rows } = await client.query<{ target: string; options: string[] }>(OPTIONS_SQL);
  return new Map(rows.map((row) => [row.target, row.options]));
}

/** `alter … set (…)` / `reset (…)` for every relation of `to` whose options differ from `from`'s (or a new one's). */
export function diffOptions(from: Options, to: Options): string[] {
  const statements: string[] = [];
  for (const [target, options] of to) {
    const before = from.get(target) ?? [];
    const set = options.filter((option) => !before.includes(option));
    const names = new Set(options.map((option) => option.split('=')[0]));
    const reset = before.map((option) => option.split('=')[0]).filter((name) => !names.has(name));
    if (reset.length > 0) statements.push(`alter ${target} reset (${reset.join(', ')});`);
    if (set.length > 0) statements.push(`alter ${target} set (${set.join(', ')});`);
  }
  return statements;
}

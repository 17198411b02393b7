import { apiError } from './api-error';
import { DEFAULT_VALUE, type InsertPayload, type SqlValue } from './insert-payload';
import type { EqualityFilter, TableQuery } from './postgrest-query';
import { qualifiedTable, quoteIdentifier } from './schema-catalog';

// SQL text for each request. Identifiers reaching this module were validated against the schema catalog;
// values only ever appear as $n parameters. Results come back as one JSON text built by Postgres itself,
// so timestamps and the like are formatted exactly as PostgREST (which also uses json_agg) formats them.
export type Statement = { text: string; params: (string | null)[] };

const columnList = (columns: readonly string[]) => columns.map(quoteIdentifier).join(', ');

function withJsonResult(dataModifyingSql: string, returning: readonly string[]): string {
  return (
    `with affected as (${dataModifyingSql} returning ${columnList(returning)}) ` +
    `select coalesce(json_agg(affected), '[]')::text as body, count(*)::int as row_count from affected`
  );
}

function whereClause(filters: EqualityFilter[], params: (string | null)[]): string {
  if (filters.length === 0) return '';
  const conditions = filters.map((filter) => {
    if (filter.value === null) return `${quoteIdentifier(filter.column)} is null`;
    params.push(filter.value);
    return `${quoteIdentifier(filter.column)} = $${params.length}`;
  });
  return ` where ${conditions.join(' and ')}`;
}

export function insertStatement(table: string, payload: InsertPayload, returning: readonly string[] | null): Statement {
  const params: (string | null)[] = [];
  const placeholder = (value: SqlValue) => {
    if (value === DEFAULT_VALUE) return 'default';
    params.push(value);
    return `$${params.length}`;
  };
  const insert =
    payload.columns.length === 0
      ? // No columns at all: every column takes its default, once per row.
        `insert into ${qualifiedTable(table)} select from generate_series(1, ${payload.rows.length})`
      : `insert into ${qualifiedTable(table)} (${columnList(payload.columns)}) values ` +
        payload.rows.map((row) => `(${row.map(placeholder).join(', ')})`).join(', ');
  // Like PostgREST, the insert always returns its rows (`returning 1` when no representation is wanted, which
  // needs no SELECT privilege), and the count of returned rows is what Content-Range reports.
  const text = returning
    ? withJsonResult(insert, returning)
    : `with affected as (${insert} returning 1) select null::text as body, count(*)::int as row_count from affected`;
  return { text, params };
}

export function selectStatement(table: string, query: TableQuery): Statement {
  const params: (string | null)[] = [];
  let inner = `select ${columnList(query.select)} from ${qualifiedTable(table)}${whereClause(query.filters, params)}`;
  if (query.order.length > 0) {
    const terms = query.order.map(
      (term) =>
        `${quoteIdentifier(term.column)} ${term.descending ? 'desc' : 'asc'}` +
        (term.nulls ? ` nulls ${term.nulls}` : ''),
    );
    inner += ` order by ${terms.join(', ')}`;
  }
  if (query.limit !== undefined) inner += ` limit ${query.limit}`;
  if (query.offset !== undefined) inner += ` offset ${query.offset}`;
  return { text: `select coalesce(json_agg(r), '[]')::text as body from (${inner}) r`, params };
}

// Hosted Supabase loads pg-safeupdate for API requests: an UPDATE or DELETE without a filter is refused.
function requireFilters(verb: 'UPDATE' | 'DELETE', filters: EqualityFilter[]) {
  if (filters.length === 0) throw apiError(400, '21000', `${verb} requires a WHERE clause`);
}

export function updateStatement(
  table: string,
  assignments: { column: string; value: string | null }[],
  filters: EqualityFilter[],
  returning: readonly string[] | null,
): Statement {
  requireFilters('UPDATE', filters);
  const params: (string | null)[] = [];
  const sets = assignments.map(({ column, value }) => {
    params.push(value);
    return `${quoteIdentifier(column)} = $${params.length}`;
  });
  const update = `update ${qualifiedTable(table)} set ${sets.join(', ')}${whereClause(filters, params)}`;
  return { text: returning ? withJsonResult(update, returning) : update, params };
}

export function deleteStatement(
  table: string,
  filters: EqualityFilter[],
  returning: readonly string[] | null,
): Statement {
  requireFilters('DELETE', filters);
  const params: (string | null)[] = [];
  const remove = `delete from ${qualifiedTable(table)}${whereClause(filters, params)}`;
  return { text: returning ? withJsonResult(remove, returning) : remove, params };
}

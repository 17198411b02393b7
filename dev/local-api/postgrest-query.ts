import { apiError } from './api-error';
import type { SchemaCatalog } from './schema-catalog';

// The subset of PostgREST's URL grammar supabase-js produces for reads, inserts, updates and deletes:
// select=a,b | *   order=a.desc.nullslast,b   limit=N   offset=N   columns="a","b"   <column>=eq.<value>
// <column>=is.null.
// Every column name is checked against the catalog here, so later stages only see known identifiers.
export type OrderTerm = { column: string; descending: boolean; nulls?: 'first' | 'last' };
/** `value` null is `is.null`. */
export type EqualityFilter = { column: string; value: string | null };
export type TableQuery = {
  select: string[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  columns?: string[];
  filters: EqualityFilter[];
};

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

const parseError = (message: string, details: string | null = null) =>
  apiError(
    400,
    'PGRST100',
    message,
    details,
    'The local data API supports select, order, limit, offset, columns, eq and is.null filters.',
  );

function unquote(name: string): string {
  const trimmed = name.trim();
  return /^".*"$/.test(trimmed) ? trimmed.slice(1, -1).replace(/""/g, '"') : trimmed;
}

function requireColumn(catalog: SchemaCatalog, table: string, column: string): string {
  if (!catalog.hasColumn(table, column)) {
    throw apiError(400, '42703', `column ${table}.${column} does not exist`);
  }
  return column;
}

function parseSelect(catalog: SchemaCatalog, table: string, raw: string | null): string[] {
  if (raw === null || raw.trim() === '*' || raw.trim() === '') return [...catalog.columnsOf(table)];
  return raw.split(',').map((item) => {
    const name = unquote(item);
    if (!/^[\w ]+$/.test(name)) throw parseError(`"failed to parse select parameter (${raw})"`, `Unsupported: ${item}`);
    return requireColumn(catalog, table, name);
  });
}

function parseOrder(catalog: SchemaCatalog, table: string, raw: string | null): OrderTerm[] {
  if (raw === null || raw === '') return [];
  return raw.split(',').map((term) => {
    const [name, ...modifiers] = term.split('.');
    const order: OrderTerm = { column: requireColumn(catalog, table, unquote(name)), descending: false };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') order.descending = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast')
        order.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else throw parseError(`"failed to parse order (${raw})"`, `Unexpected "${modifier}"`);
    }
    return order;
  });
}

function parseCount(name: string, raw: string | null): number | undefined {
  if (raw === null) return undefined;
  if (!/^\d{1,9}$/.test(raw))
    throw parseError(`"failed to parse ${name} (${raw})"`, `${name} must be a non-negative integer`);
  return Number(raw);
}

function parseFilters(catalog: SchemaCatalog, table: string, params: URLSearchParams): EqualityFilter[] {
  const filters: EqualityFilter[] = [];
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    const column = requireColumn(catalog, table, key);
    if (raw === 'is.null') {
      filters.push({ column, value: null });
      continue;
    }
    if (!raw.startsWith('eq.'))
      throw parseError(`"failed to parse filter (${raw})"`, 'Only the eq and is.null operators are supported');
    filters.push({ column, value: raw.slice('eq.'.length) });
  }
  return filters;
}

function parseColumns(catalog: SchemaCatalog, table: string, raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return raw.split(',').map((item) => {
    const name = unquote(item);
    if (!catalog.hasColumn(table, name)) throw unknownColumnError(table, name);
    return name;
  });
}

export function unknownColumnError(table: string, column: string) {
  return apiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

export function parseTableQuery(catalog: SchemaCatalog, table: string, params: URLSearchParams): TableQuery {
  return {
    select: parseSelect(catalog, table, params.get('select')),
    order: parseOrder(catalog, table, params.get('order')),
    limit: parseCount('limit', params.get('limit')),
    offset: parseCount('offset', params.get('offset')),
    columns: parseColumns(catalog, table, params.get('columns')),
    filters: parseFilters(catalog, table, params),
  };
}

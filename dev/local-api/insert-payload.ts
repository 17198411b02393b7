import { apiError } from './api-error';
import { unknownColumnError } from './postgrest-query';
import type { SchemaCatalog } from './schema-catalog';

// Turns a POST body into rows of SQL parameters the way PostgREST does: the columns are the `columns`
// parameter when given (keys outside it are ignored; a missing key is NULL, or the column default with
// `Prefer: missing=default`), otherwise the keys of the object(s), which must then be the same in every row.
export const DEFAULT_VALUE = Symbol('DEFAULT');
export type SqlValue = string | null | typeof DEFAULT_VALUE;
export type InsertPayload = { columns: string[]; rows: SqlValue[][] };

const invalidBody = (details: string | null = null) => apiError(400, 'PGRST102', 'Empty or invalid json', details);

type JsonObject = Record<string, unknown>;
const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON scalars become their text form (as json_populate_record would cast them); objects/arrays become JSON text. */
export function toSqlValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function objectsOf(body: unknown): JsonObject[] {
  const objects = Array.isArray(body) ? body : [body];
  if (!objects.every(isJsonObject)) throw invalidBody('Expected a JSON object or an array of JSON objects');
  return objects;
}

function keysOf(objects: JsonObject[]): string[] {
  const first = Object.keys(objects[0] ?? {});
  const signature = [...first].sort().join('\u0000');
  if (objects.some((object) => Object.keys(object).sort().join('\u0000') !== signature)) {
    throw apiError(400, 'PGRST102', 'All object keys must match');
  }
  return first;
}

export function planInsert(
  catalog: SchemaCatalog,
  table: string,
  body: unknown,
  options: { columns?: string[]; missingAsDefault: boolean },
): InsertPayload {
  const objects = objectsOf(body);
  const columns = options.columns ?? keysOf(objects);
  for (const column of columns) {
    if (!catalog.hasColumn(table, column)) throw unknownColumnError(table, column);
  }
  const rows = objects.map((object) =>
    columns.map((column) =>
      Object.prototype.hasOwnProperty.call(object, column)
        ? toSqlValue(object[column])
        : options.missingAsDefault
          ? DEFAULT_VALUE
          : null,
    ),
  );
  return { columns, rows };
}

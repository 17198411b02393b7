import type { IncomingHttpHeaders } from 'node:http';
import { apiError } from './api-error';
import type { RequestIdentity } from './auth';
import { objectsOf, planInsert, toSqlValue } from './insert-payload';
import { parseTableQuery, unknownColumnError, type TableQuery } from './postgrest-query';
import { appliedPreferences, parsePreferences, type Preferences } from './prefer-header';
import type { StatementResult } from './role-transaction';
import type { SchemaCatalog } from './schema-catalog';
import { deleteStatement, insertStatement, selectStatement, updateStatement, type Statement } from './sql-statements';

// One request against /rest/v1/<table>, already authenticated and with a known table: build the statement,
// run it (through `execute`, which owns the transaction and the queue) and shape the response as PostgREST.
export type TableRequest = {
  method: string;
  table: string;
  params: URLSearchParams;
  headers: IncomingHttpHeaders;
  identity: RequestIdentity;
  readBody: () => Promise<unknown>;
};
export type RestResponse = { status: number; headers: Record<string, string>; body?: string };
export type Execute = (identity: RequestIdentity, statement: Statement) => Promise<StatementResult>;

const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

function wantsSingleObject(headers: IncomingHttpHeaders): boolean {
  return (headers.accept ?? '').includes(SINGLE_OBJECT);
}

function representation(request: TableRequest, status: number, json: string, extraHeaders: Record<string, string>) {
  const rows = JSON.parse(json) as unknown[];
  const headers = { ...JSON_HEADERS, ...extraHeaders };
  if (!wantsSingleObject(request.headers)) return { status, headers, body: json };
  if (rows.length !== 1) {
    throw apiError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows.length} rows`,
    );
  }
  return {
    status,
    headers: { ...headers, 'Content-Type': `${SINGLE_OBJECT}; charset=utf-8` },
    body: JSON.stringify(rows[0]),
  };
}

function preferenceHeaders(preferences: Preferences): Record<string, string> {
  const applied = appliedPreferences(preferences);
  return applied ? { 'Preference-Applied': applied } : {};
}

async function handleGet(request: TableRequest, query: TableQuery, execute: Execute): Promise<RestResponse> {
  const { body } = await execute(request.identity, selectStatement(request.table, query));
  const json = body ?? '[]';
  const count = (JSON.parse(json) as unknown[]).length;
  const start = query.offset ?? 0;
  const range = count === 0 ? '*/*' : `${start}-${start + count - 1}/*`;
  return representation(request, 200, json, { 'Content-Range': range });
}

async function handlePost(request: TableRequest, query: TableQuery, execute: Execute, catalog: SchemaCatalog) {
  const preferences = parsePreferences(request.headers);
  const payload = planInsert(catalog, request.table, await request.readBody(), {
    columns: query.columns,
    missingAsDefault: preferences.missingAsDefault,
  });
  const returning = preferences.returnRepresentation ? query.select : null;
  const { body, returnedRows } =
    payload.rows.length === 0
      ? { body: '[]', returnedRows: 0 }
      : await execute(request.identity, insertStatement(request.table, payload, returning));
  const extraHeaders = {
    'Content-Range': insertContentRange(returnedRows ?? 0, preferences),
    ...preferenceHeaders(preferences),
  };
  return returning ? representation(request, 201, body ?? '[]', extraHeaders) : { status: 201, headers: extraHeaders };
}

// PostgREST's Content-Range for an insert (`contentRangeH 1 0 total`): "*" + "/*", or with
// `Prefer: count=exact` "*/N" where N is the number of rows the statement returned (a row a trigger skipped
// would make N smaller).
function insertContentRange(returnedRows: number, preferences: Preferences): string {
  return `*/${preferences.countExact ? returnedRows : '*'}`;
}

async function handlePatch(request: TableRequest, query: TableQuery, execute: Execute, catalog: SchemaCatalog) {
  const preferences = parsePreferences(request.headers);
  const [changes] = objectsOf(await request.readBody());
  const assignments = Object.entries(changes).map(([column, value]) => {
    if (!catalog.hasColumn(request.table, column)) throw unknownColumnError(request.table, column);
    return { column, value: toSqlValue(value) };
  });
  if (assignments.length === 0) return { status: 204, headers: {} };
  const returning = preferences.returnRepresentation ? query.select : null;
  const { body } = await execute(
    request.identity,
    updateStatement(request.table, assignments, query.filters, returning),
  );
  return returning
    ? representation(request, 200, body ?? '[]', preferenceHeaders(preferences))
    : { status: 204, headers: {} };
}

async function handleDelete(request: TableRequest, query: TableQuery, execute: Execute) {
  const preferences = parsePreferences(request.headers);
  const returning = preferences.returnRepresentation ? query.select : null;
  const { body } = await execute(request.identity, deleteStatement(request.table, query.filters, returning));
  return returning
    ? representation(request, 200, body ?? '[]', preferenceHeaders(preferences))
    : { status: 204, headers: {} };
}

export async function handleTableRequest(
  request: TableRequest,
  catalog: SchemaCatalog,
  execute: Execute,
): Promise<RestResponse> {
  const query = parseTableQuery(catalog, request.table, request.params);
  switch (request.method) {
    case 'GET':
      return handleGet(request, query, execute);
    case 'POST':
      return handlePost(request, query, execute, catalog);
    case 'PATCH':
      return handlePatch(request, query, execute, catalog);
    case 'DELETE':
      return handleDelete(request, query, execute);
    default:
      throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  }
}

import { apiError } from './api-error';
import type { RequestIdentity } from './auth';
import type { Execute, RestResponse } from './rest-handler';
import { EXPOSED_SCHEMA, quoteIdentifier } from './schema-catalog';
import type { SqlBackend } from './sql-backend';

// POST /rest/v1/rpc/<function> with named arguments as a JSON object, as PostgREST serves it: the call runs
// as the request's role, so EXECUTE privileges decide who may call what. Only functions of the exposed
// schema are found; trigger functions are not callable.
type Argument = { name: string; type: string; isArray: boolean; hasDefault: boolean };
type CallableFunction = { name: string; arguments: Argument[]; returnsSet: boolean };
export type FunctionCatalog = { find(name: string): CallableFunction | undefined };

export async function loadFunctionCatalog(backend: Pick<SqlBackend, 'queryAsOwner'>): Promise<FunctionCatalog> {
  const rows = await backend.queryAsOwner<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[] | null;
    arg_modes: string[] | null;
    defaults: number;
    returns_set: boolean;
  }>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            p.pronargdefaults as defaults, p.proretset as returns_set,
            array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) t) as arg_types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`,
    [EXPOSED_SCHEMA],
  );
  const functions = new Map<string, CallableFunction>();
  for (const row of rows) {
    const names = row.arg_names ?? [];
    const modes = row.arg_modes ?? names.map(() => 'i');
    const types = row.arg_types ?? [];
    const inputs = names
      .slice(0, types.length)
      .map((name, index) => ({ name, type: types[index], mode: modes[index] }))
      .filter((argument) => argument.mode === 'i' || argument.mode === 'b');
    functions.set(row.name, {
      name: row.name,
      returnsSet: row.returns_set,
      arguments: inputs.map((argument, index) => ({
        name: argument.name,
        type: argument.type,
        isArray: argument.type.endsWith('[]'),
        hasDefault: index >= inputs.length - row.defaults,
      })),
    });
  }
  return { find: (name) => functions.get(name) };
}

function notFound(name: string, keys: string[]) {
  return apiError(
    404,
    'PGRST202',
    `Could not find the function ${EXPOSED_SCHEMA}.${name}(${keys.join(', ')}) in the schema cache`,
  );
}

export async function handleRpcRequest(
  request: { method: string; name: string; identity: RequestIdentity; readBody: () => Promise<unknown> },
  functions: FunctionCatalog,
  execute: Execute,
): Promise<RestResponse> {
  if (request.method !== 'POST') throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`);
  const target = functions.find(request.name);
  const body = await request.readBody();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw apiError(400, 'PGRST102', 'RPC arguments must be one JSON object');
  }
  const values = body as Record<string, unknown>;
  const keys = Object.keys(values);
  if (
    !target ||
    keys.some((key) => !target.arguments.some((argument) => argument.name === key)) ||
    target.arguments.some((argument) => !argument.hasDefault && !(argument.name in values))
  ) {
    throw notFound(request.name, keys);
  }
  const params: (string | null)[] = [];
  const named = target.arguments
    .filter((argument) => argument.name in values)
    .map((argument) => {
      const value = values[argument.name];
      // A json/jsonb argument takes any JSON value as it was sent (a string too, as PostgREST passes it).
      const asJson = argument.type === 'jsonb' || argument.type === 'json';
      params.push(value === null ? null : typeof value === 'string' && !asJson ? value : JSON.stringify(value));
      const placeholder = `$${params.length}`;
      // An array sent as JSON null is SQL's null, as PostgREST passes it (array() of no rows would be empty).
      const sqlValue = argument.isArray
        ? `(case when ${placeholder}::json is null then null else array(select json_array_elements_text(${placeholder}::json)) end)::${argument.type}`
        : `${placeholder}::${argument.type}`;
      return `${quoteIdentifier(argument.name)} => ${sqlValue}`;
    });
  const call = `${quoteIdentifier(EXPOSED_SCHEMA)}.${quoteIdentifier(target.name)}(${named.join(', ')})`;
  const text = target.returnsSet
    ? `select coalesce(json_agg(r), '[]')::text as body from ${call} r`
    : `select to_json(${call})::text as body`;
  const { body: json } = await execute(request.identity, { text, params });
  return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: json ?? 'null' };
}

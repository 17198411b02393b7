import type { PGlite } from '@electric-sql/pglite';
import type { RequestIdentity } from './auth';
import type { Statement } from './sql-statements';

// What PostgREST does for every request: one transaction, switched to the JWT's role, with the claims and
// the request headers (lower-case names, one JSON object) visible to SQL as
// `current_setting('request.jwt.claims')` and `current_setting('request.headers')`. Errors roll back.
export const PGRST_SETTINGS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.headers', $3, true)`;

export type StatementResult = { body: string | null; affectedRows: number; returnedRows?: number };

export async function runAsRole(
  db: PGlite,
  identity: RequestIdentity,
  statement: Statement,
  headers: Record<string, string> = {},
): Promise<StatementResult> {
  return db.transaction(async (tx) => {
    await tx.query(PGRST_SETTINGS_SQL, [identity.role, JSON.stringify(identity.claims), JSON.stringify(headers)]);
    const result = await tx.query<{ body?: string; row_count?: number }>(statement.text, statement.params);
    return {
      body: result.rows[0]?.body ?? null,
      affectedRows: result.affectedRows ?? 0,
      returnedRows: result.rows[0]?.row_count,
    };
  });
}

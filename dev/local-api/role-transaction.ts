import type { PGlite } from '@electric-sql/pglite';
import type { RequestIdentity } from './auth';
import type { Statement } from './sql-statements';

// What PostgREST does for every request: one transaction, switched to the JWT's role, with the claims
// visible to SQL as `current_setting('request.jwt.claims')`. Errors roll the transaction back.
const SET_ROLE = {
  anon: 'set local role anon',
  authenticated: 'set local role authenticated',
  service_role: 'set local role service_role',
} as const;

export type StatementResult = { body: string | null; affectedRows: number };

export async function runAsRole(db: PGlite, identity: RequestIdentity, statement: Statement): Promise<StatementResult> {
  return db.transaction(async (tx) => {
    await tx.exec(SET_ROLE[identity.role]);
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(identity.claims)]);
    const result = await tx.query<{ body?: string }>(statement.text, statement.params);
    return { body: result.rows[0]?.body ?? null, affectedRows: result.affectedRows ?? 0 };
  });
}

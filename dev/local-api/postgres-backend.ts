import { Pool } from 'pg';
import type { RequestIdentity } from './auth';
import { PGRST_SETTINGS_SQL } from './role-transaction';
import type { SqlBackend } from './sql-backend';
import type { Statement } from './sql-statements';

// The local API over a real, multi-connection PostgreSQL server, connected as PostgREST connects: as
// `authenticator`, switching to the request's role inside each request's transaction. Requests run
// concurrently, one pooled connection each, as on a hosted project. The schema must already be migrated.
export type PostgresConnection = {
  /** postgres://authenticator:…@host:port/db */
  authenticator: string;
  /** postgres://postgres:…@host:port/db, for queryAsOwner. */
  owner: string;
  /** Connections in the request pool (PostgREST's db-pool); default 10. */
  poolSize?: number;
};

export function openPostgresBackend(connection: PostgresConnection): SqlBackend {
  const requests = new Pool({ connectionString: connection.authenticator, max: connection.poolSize ?? 10 });
  const owner = new Pool({ connectionString: connection.owner, max: 2 });
  for (const pool of [requests, owner]) pool.on('error', () => undefined);
  return {
    async runAsRole(identity: RequestIdentity, statement: Statement, headers: Record<string, string>) {
      const client = await requests.connect();
      try {
        await client.query('begin');
        await client.query(PGRST_SETTINGS_SQL, [
          identity.role,
          JSON.stringify(identity.claims),
          JSON.stringify(headers),
        ]);
        const result = await client.query<{ body?: string; row_count?: number }>(statement.text, statement.params);
        await client.query('commit');
        return {
          body: result.rows[0]?.body ?? null,
          affectedRows: result.rowCount ?? 0,
          returnedRows: result.rows[0]?.row_count,
        };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    queryAsOwner: async <Row>(text: string, params: unknown[] = []) => (await owner.query(text, params)).rows as Row[],
    async close() {
      await Promise.all([requests.end(), owner.end()]);
    },
  };
}

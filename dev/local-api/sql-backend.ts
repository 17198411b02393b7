import type { RequestIdentity } from './auth';
import type { StatementResult } from './role-transaction';
import type { Statement } from './sql-statements';

// Where the local API's SQL runs: the embedded PGlite database (one connection, the zero-setup default of
// `npm run backend`) or a real PostgreSQL server reached over a connection pool (tests and benchmarks).
export type SqlBackend = {
  /** One request's statement, run as PostgREST runs it (see role-transaction.ts). */
  runAsRole(identity: RequestIdentity, statement: Statement, headers: Record<string, string>): Promise<StatementResult>;
  /** SQL as the owner of the lead tables, bypassing the API (tests and tooling only). */
  queryAsOwner<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
};

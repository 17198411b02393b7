import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, apiError, fromDatabaseError, internalError, isDatabaseError } from './api-error';
import { createAuthenticator, type RequestIdentity } from './auth';
import { AUTH_PATH_PREFIX, createAuthServer } from './auth-server/auth-router';
import { LOCAL_SIGN_IN_SENDER } from './auth-server/sign-in-mail';
import { clientAddressHeaders } from './client-address';
import { answerPreflight, setCorsHeaders } from './cors';
import { openLocalDatabase } from './database';
import { LOCAL_JWT_SECRET, LOCAL_SUPABASE_PUBLISHABLE_KEY, LOCAL_SUPABASE_SECRET_KEY } from './local-keys';
import { openPostgresBackend, type PostgresConnection } from './postgres-backend';
import { readJsonBody } from './request-body';
import { handleTableRequest, type RestResponse } from './rest-handler';
import { runAsRole } from './role-transaction';
import { handleRpcRequest, loadFunctionCatalog } from './rpc-handler';
import { EXPOSED_SCHEMA, loadSchemaCatalog, type SchemaCatalog } from './schema-catalog';
import { createSerialQueue } from './serial-queue';
import type { SqlBackend } from './sql-backend';
import type { Statement } from './sql-statements';
import { LOCAL_MAIL_DIR } from '../notifications/local-mail';

export type LocalApiOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Where Postgres keeps its files; undefined keeps the database in memory (gone on close). */
  dataDir: string | undefined;
  migrationsDir?: string;
  /** In-memory databases only: start from this dump of a data directory (see `dumpDataDir`), which is faster. */
  template?: Blob;
  /**
   * Serve from this real PostgreSQL server (already migrated) instead of the embedded PGlite database:
   * requests then run concurrently, one pooled connection each, as on a hosted project.
   */
  postgres?: PostgresConnection;
  /**
   * Tests only: take the client address from the request's own cf-connecting-ip header, to play many
   * visitors from one machine. Otherwise it is the socket's address, and a sent header is overwritten.
   */
  trustClientAddressHeader?: boolean;
  /** Called with one line per unexpected server-side failure; defaults to console.error. */
  logError?: (message: string, error: unknown) => void;
  /** Where the Auth server (/auth/v1) writes the e-mails with sign-in codes, as .eml files; default .local-mail/. */
  mailDir?: string;
  /** Called with one line per e-mail written; defaults to console.log. */
  logMail?: (line: string) => void;
};

export type LocalApi = {
  /** Base URL to give supabase-js, e.g. http://127.0.0.1:54321 */
  url: string;
  dataDir: string | undefined;
  /** Migrations applied by this start (already-applied ones are skipped). */
  appliedMigrations: string[];
  /** Runs SQL as the database owner, bypassing the API, in turn with requests (tests and tooling only). */
  queryAsOwner<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** A snapshot of the data directory, usable as `template` for another start. */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
};

const TABLE_PATH = /^\/rest\/v1\/([^/]+)\/?$/;
const RPC_PATH = /^\/rest\/v1\/rpc\/([^/]+)\/?$/;
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

function send(response: ServerResponse, { status, headers, body }: RestResponse): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  setCorsHeaders(response);
  response.writeHead(status, headers).end(body);
}

function decodeTableName(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw apiError(400, 'PGRST125', 'Invalid path specified in request URL');
  }
}

async function openPgliteBackend(options: LocalApiOptions) {
  const { db, appliedMigrations } = await openLocalDatabase({
    dataDir: options.dataDir,
    migrationsDir: options.migrationsDir,
    template: options.template,
  });
  const queue = createSerialQueue();
  const backend: SqlBackend = {
    runAsRole: (identity, statement, headers) => queue.run(() => runAsRole(db, identity, statement, headers)),
    queryAsOwner: <Row>(text: string, params: unknown[] = []) =>
      queue.run(async () => (await db.query<Row>(text, params)).rows),
    async close() {
      await queue.idle();
      await db.close();
    },
  };
  const dumpDataDir = () => queue.run(async () => (await db.dumpDataDir('none')) as Blob);
  return { backend, appliedMigrations, dumpDataDir };
}

export async function startLocalApi(options: LocalApiOptions): Promise<LocalApi> {
  const { backend, appliedMigrations, dumpDataDir } = options.postgres
    ? {
        backend: openPostgresBackend(options.postgres),
        appliedMigrations: [],
        dumpDataDir: () => Promise.reject(new Error('dumpDataDir: only the embedded database can be dumped')),
      }
    : await openPgliteBackend(options);
  const catalog: SchemaCatalog = await loadSchemaCatalog(backend);
  const functions = await loadFunctionCatalog(backend);
  const apiKeyRoles = {
    [LOCAL_SUPABASE_PUBLISHABLE_KEY]: 'anon',
    [LOCAL_SUPABASE_SECRET_KEY]: 'service_role',
  } as const;
  const authenticate = createAuthenticator(LOCAL_JWT_SECRET, apiKeyRoles);
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const handleAuthRequest = createAuthServer({
    db: backend,
    mailer: {
      dir: options.mailDir ?? LOCAL_MAIL_DIR,
      from: LOCAL_SIGN_IN_SENDER,
      log: options.logMail ?? ((line) => console.log(line)),
    },
    jwtSecret: LOCAL_JWT_SECRET,
    apiKeyRoles,
    logError,
  });

  const executeFor = (headers: Record<string, string>) => async (identity: RequestIdentity, statement: Statement) => {
    try {
      return await backend.runAsRole(identity, statement, headers);
    } catch (error) {
      if (isDatabaseError(error)) throw fromDatabaseError(error, identity.role);
      throw error;
    }
  };

  async function respond(request: IncomingMessage): Promise<RestResponse> {
    // Concatenated, not resolved: a path such as `//host/x` must stay a path, not become a host.
    const url = new URL(`http://local-api${request.url ?? '/'}`);
    if (url.pathname === '/health' && request.method === 'GET') {
      return { status: 200, headers: JSON_HEADERS, body: JSON.stringify({ status: 'ok' }) };
    }
    if (url.pathname === AUTH_PATH_PREFIX || url.pathname.startsWith(`${AUTH_PATH_PREFIX}/`)) {
      return handleAuthRequest(request, url);
    }
    const rpc = RPC_PATH.exec(url.pathname);
    if (rpc) {
      const identity = await authenticate(request.headers);
      return handleRpcRequest(
        {
          method: request.method ?? 'POST',
          name: decodeTableName(rpc[1]),
          identity,
          readBody: () => readJsonBody(request),
        },
        functions,
        executeFor(clientAddressHeaders(request, options.trustClientAddressHeader ?? false)),
      );
    }
    const match = TABLE_PATH.exec(url.pathname);
    if (!match) throw apiError(404, 'PGRST125', 'Invalid path specified in request URL');
    const identity = await authenticate(request.headers);
    const table = decodeTableName(match[1]);
    if (!catalog.hasTable(table)) {
      throw apiError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${table}' in the schema cache`);
    }
    return handleTableRequest(
      {
        method: request.method ?? 'GET',
        table,
        params: url.searchParams,
        headers: request.headers,
        identity,
        readBody: () => readJsonBody(request),
      },
      catalog,
      executeFor(clientAddressHeaders(request, options.trustClientAddressHeader ?? false)),
    );
  }

  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      answerPreflight(response);
      return;
    }
    respond(request)
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) logError(`local data API: ${request.method} ${request.url} failed`, error);
        const { status, body } = error instanceof ApiError ? error : internalError();
        return { status, headers: JSON_HEADERS, body: JSON.stringify(body) };
      })
      .then((result) => {
        // Unread request bodies (e.g. after an auth error) are discarded so the connection stays usable.
        request.resume();
        send(response, result);
      })
      .catch((error: unknown) => {
        logError(`local data API: could not answer ${request.method} ${request.url}`, error);
        response.destroy();
      });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    dataDir: options.dataDir,
    appliedMigrations,
    queryAsOwner: (text, params) => backend.queryAsOwner(text, params),
    dumpDataDir,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await backend.close();
      })();
      return closing;
    },
  };
}

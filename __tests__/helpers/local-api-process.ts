// Runs in a child process started by ./local-api.ts (under tsx, outside Jest's module sandbox, which can
// load neither PGlite's WebAssembly loader nor the ESM-only `jose`). It starts the local data API (over
// PGlite, or over a real PostgreSQL server it starts with ./real-postgres.ts) and answers the parent's SQL
// requests over the IPC channel.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { MIGRATIONS_DIR } from '../../dev/local-api/database';
import { startLocalApi, type LocalApi } from '../../dev/local-api/server';
import { templatePath } from './pglite-template';
import { startRealPostgres } from './real-postgres';

type ParentMessage = { type: 'sql'; id: number; text: string; params: unknown[] } | { type: 'close' };
type Options = {
  dataDir?: string;
  migrationsDir?: string;
  port?: number;
  backend: 'pglite' | 'postgres';
  mailDir?: string;
};

// Initialising an empty Postgres cluster takes seconds; loading a snapshot of an already migrated one takes
// well under one. In-memory test databases therefore start from a snapshot cached in the temp directory
// (./pglite-template.ts).
async function startFromTemplate(options: Options): Promise<LocalApi> {
  const template = await templatePath(options.migrationsDir ?? MIGRATIONS_DIR);
  const cached = await readFile(template).catch(() => undefined);
  const api = await startLocalApi({
    port: options.port ?? 0,
    dataDir: undefined,
    migrationsDir: options.migrationsDir,
    template: cached && new Blob([cached]),
    mailDir: options.mailDir,
    trustClientAddressHeader: true,
    logError: () => undefined,
  });
  if (!cached) {
    const partial = `${template}.${process.pid}`;
    await writeFile(partial, Buffer.from(await (await api.dumpDataDir()).arrayBuffer()));
    await rename(partial, template); // atomic: parallel test workers never read a half-written snapshot
  }
  return api;
}

async function main(): Promise<void> {
  const send = (message: unknown) => process.send?.(message);
  const options = JSON.parse(process.env.LOCAL_API_TEST_OPTIONS ?? '{}') as Options;
  const { backend, ...apiOptions } = options;
  const realPostgres = backend === 'postgres' ? await startRealPostgres(options) : undefined;
  const api = realPostgres
    ? await startLocalApi({
        port: options.port ?? 0,
        dataDir: undefined,
        postgres: {
          authenticator: realPostgres.connectionString('authenticator'),
          owner: realPostgres.connectionString(),
        },
        mailDir: options.mailDir,
        trustClientAddressHeader: true,
        logError: () => undefined,
      })
    : options.dataDir === undefined
      ? await startFromTemplate(options)
      : await startLocalApi({
          port: 0,
          ...apiOptions,
          dataDir: options.dataDir,
          trustClientAddressHeader: true,
          logError: () => undefined,
        });
  const shutdown = () =>
    api
      .close()
      .then(() => realPostgres?.close())
      .finally(() => process.exit(0));

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'close') {
      void shutdown();
      return;
    }
    api.queryAsOwner(message.text, message.params).then(
      (rows) => send({ type: 'sql-result', id: message.id, rows }),
      (error: Error & { code?: string }) =>
        send({ type: 'sql-result', id: message.id, error: { message: error.message, code: error.code } }),
    );
  });
  process.on('disconnect', () => void shutdown());
  send({ type: 'ready', url: api.url, appliedMigrations: realPostgres?.appliedMigrations ?? api.appliedMigrations });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// Runs in a child process started by ./local-api.ts (under tsx, outside Jest's module sandbox, which can
// load neither PGlite's WebAssembly loader nor the ESM-only `jose`). It starts the local data API and
// answers the parent's SQL requests over the IPC channel.
import { startLocalApi } from '../../dev/local-api/server';

type ParentMessage = { type: 'sql'; id: number; text: string; params: unknown[] } | { type: 'close' };

async function main(): Promise<void> {
  const send = (message: unknown) => process.send?.(message);
  const options = JSON.parse(process.env.LOCAL_API_TEST_OPTIONS ?? '{}') as {
    dataDir?: string;
    migrationsDir?: string;
  };
  const api = await startLocalApi({ port: 0, ...options, logError: () => undefined });
  const shutdown = () => api.close().finally(() => process.exit(0));

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
  send({ type: 'ready', url: api.url, appliedMigrations: api.appliedMigrations });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

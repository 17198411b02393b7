// The pgTAP tests on PGlite, in a child process (Jest's module sandbox cannot load PGlite's WebAssembly loader):
// opens the migrated in-memory database from the cached snapshot (./pglite-template.ts; made and saved when
// missing), installs pgTAP (./pgtap.ts), runs each file named in argv in turn, and prints one JSON line per file:
// its TAP text, or the error that stopped it.
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR, openLocalDatabase } from '../../dev/local-api/database';
import { templatePath } from './pglite-template';
import { PGTAP_TESTS_DIR, pgtapInstallSql, textValues } from './pgtap';

async function main(): Promise<void> {
  const template = await templatePath(MIGRATIONS_DIR);
  const cached = await readFile(template).catch(() => undefined);
  const { db } = await openLocalDatabase({ template: cached && new Blob([cached]) });
  try {
    if (!cached) {
      // The snapshot the contract tests' databases start from, as ./local-api-process.ts writes it: saved before
      // pgTAP is loaded, so it holds what the migrations make and nothing else.
      const partial = `${template}.${process.pid}`;
      await writeFile(partial, Buffer.from(await ((await db.dumpDataDir('none')) as Blob).arrayBuffer()));
      await rename(partial, template);
    }
    await db.exec(pgtapInstallSql());
    // As the hosted `postgres` role's (and the embedded server's): pgTAP is found in `extensions`.
    await db.exec(`set search_path = "$user", public, extensions`);
    for (const file of process.argv.slice(2)) {
      const sql = await readFile(path.join(PGTAP_TESTS_DIR, file), 'utf8');
      try {
        const values = textValues(await db.exec(sql));
        process.stdout.write(`${JSON.stringify({ file, values })}\n`);
      } catch (error) {
        await db.exec('rollback').catch(() => undefined);
        process.stdout.write(`${JSON.stringify({ file, error: (error as Error).message })}\n`);
      }
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

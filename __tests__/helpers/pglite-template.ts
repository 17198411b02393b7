// Where the snapshot of a migrated in-memory PGlite database is cached (the temp directory, keyed by everything that
// shapes the schema, so a changed migration or PGlite version gets a fresh one). Shared by the local data API's test
// process (./local-api-process.ts) and the pgTAP runner's (./pgtap-pglite-process.ts).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listMigrationFiles } from '../../dev/local-api/migrations';

export async function templatePath(migrationsDir: string): Promise<string> {
  const hash = createHash('sha256');
  const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  for (const file of [
    pglitePackage,
    path.join(__dirname, '../../dev/local-api/bootstrap.sql'),
    path.join(__dirname, '../../dev/local-api/auth-schema.sql'),
    ...(await listMigrationFiles(migrationsDir)).map((name) => path.join(migrationsDir, name)),
  ]) {
    hash.update(file).update(await readFile(file));
  }
  return path.join(tmpdir(), `local-api-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

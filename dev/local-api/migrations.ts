import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

// Applies supabase/migrations/*.sql in file-name (= timestamp) order, each once, recording what ran in a
// schema of the local API's own. An applied file that has since changed is refused rather than re-run,
// because the local database would silently differ from what `supabase db push` produces.
const HISTORY_TABLE = 'local_api.applied_migrations';
/** A migration's file name: its UTC timestamp (group 1) and its name (group 2). */
export const MIGRATION_FILE = /^(\d{14})_([\w-]+)\.sql$/;

export async function listMigrationFiles(migrationsDir: string): Promise<string[]> {
  const names = await readdir(migrationsDir);
  return names.filter((name) => MIGRATION_FILE.test(name)).sort();
}

export async function applyMigrations(db: PGlite, migrationsDir: string): Promise<string[]> {
  await db.exec(`
    create schema if not exists local_api;
    revoke all on schema local_api from public;
    create table if not exists ${HISTORY_TABLE} (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    );
  `);
  const history = await db.query<{ name: string; checksum: string }>(`select name, checksum from ${HISTORY_TABLE}`);
  const appliedChecksums = new Map(history.rows.map((row) => [row.name, row.checksum]));

  const newlyApplied: string[] = [];
  for (const name of await listMigrationFiles(migrationsDir)) {
    const sql = await readFile(path.join(migrationsDir, name), 'utf8');
    const checksum = createHash('sha256').update(sql).digest('hex');
    const appliedChecksum = appliedChecksums.get(name);
    if (appliedChecksum === checksum) continue;
    if (appliedChecksum !== undefined) {
      throw new Error(
        `Migration ${name} changed after it was applied to the local database. ` +
          'Add a new migration instead, or reset the local database (see docs/lead-storage.md).',
      );
    }
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(`insert into ${HISTORY_TABLE} (name, checksum) values ($1, $2)`, [name, checksum]);
    });
    newlyApplied.push(name);
  }
  return newlyApplied;
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { applyMigrations } from './migrations';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'supabase', 'migrations');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.local-db');
const BOOTSTRAP_SQL = path.join(__dirname, 'bootstrap.sql');
/** The `auth` schema a hosted project has: the JWT helpers, and the local Auth server's tables. */
const AUTH_SCHEMA_SQL = path.join(__dirname, 'auth-schema.sql');

export type LocalDatabase = { db: PGlite; appliedMigrations: string[] };

/** Opens the embedded Postgres (in memory when `dataDir` is undefined), then brings it up to date. */
export async function openLocalDatabase(options: {
  dataDir?: string;
  migrationsDir?: string;
  /** In memory only: start from this dump (PGlite `dumpDataDir`) instead of initialising an empty cluster. */
  template?: Blob;
}): Promise<LocalDatabase> {
  // btree_gist: the hosts' exclusion constraint (one call at a time per host) compares a uuid in a GiST index.
  // pgcrypto: the lead challenge's random salt and HMAC signature (20261128100000_lead_challenge.sql), in the
  // `extensions` schema as on a hosted project (bootstrap.sql).
  const extensions = { btree_gist, pgcrypto };
  const db =
    options.dataDir !== undefined
      ? await PGlite.create(options.dataDir, { extensions })
      : await PGlite.create(options.template ? { loadDataDir: options.template, extensions } : { extensions });
  try {
    await db.exec(await readFile(BOOTSTRAP_SQL, 'utf8'));
    await db.exec(await readFile(AUTH_SCHEMA_SQL, 'utf8'));
    const appliedMigrations = await applyMigrations(db, options.migrationsDir ?? MIGRATIONS_DIR);
    return { db, appliedMigrations };
  } catch (error) {
    await db.close();
    throw error;
  }
}

// The two databases db:diff compares, each on its own embedded PostgreSQL server set up like a hosted project
// (__tests__/helpers/real-postgres.ts, whose cached template clusters make a second build of the same files
// cost a copy): one from supabase/migrations, one from the schema files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRealPostgres, type RealPostgres } from '../../__tests__/helpers/real-postgres';
import { SUPABASE_DIR, schemaFiles } from './schema-paths';

/**
 * The schema files as a folder of migrations, one per file in order, which the server's harness applies each in
 * its own transaction. Each starts with `set check_function_bodies = off`, as a pg_dump file and migra's output
 * do: a function's body is checked when it runs, not when it is created, so a function may name a table or
 * function that a later file creates (a SQL-standard `begin atomic` body is the exception: it is parsed at once).
 */
function schemaFilesAsMigrations(files: string[]): { dir: string; sources: Map<string, string> } {
  const dir = mkdtempSync(path.join(tmpdir(), 'schema-files-'));
  const sources = new Map<string, string>();
  files.forEach((file, index) => {
    const source = path.relative(path.dirname(SUPABASE_DIR), file);
    const name = `${String(index + 1).padStart(14, '0')}_${source.replace(/\.sql$/, '').replace(/[^\w-]+/g, '-')}.sql`;
    writeFileSync(path.join(dir, name), `set check_function_bodies = off;\n${readFileSync(file, 'utf8')}`);
    sources.set(name, source);
  });
  return { dir, sources };
}

/** The harness names the migration that failed; this names the schema file it was made from. */
function nameTheSchemaFile(error: unknown, sources: Map<string, string>): unknown {
  if (!(error instanceof Error)) return error;
  const match = /^Migration (\S+) failed on the real server: /.exec(error.message);
  const source = match && sources.get(match[1]);
  return source && match ? new Error(`${source} does not apply: ${error.message.slice(match[0].length)}`) : error;
}

export type Databases = { migrations: RealPostgres; schemas: RealPostgres; close(): Promise<void> };

export async function buildDatabases(): Promise<Databases> {
  const { dir, sources } = schemaFilesAsMigrations(schemaFiles());
  const started = await Promise.allSettled([startRealPostgres(), startRealPostgres({ migrationsDir: dir })]);
  rmSync(dir, { recursive: true, force: true });
  const [migrations, schemas] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  if (!migrations || !schemas) {
    await Promise.all([migrations?.close(), schemas?.close()]);
    const failure = started.find((result) => result.status === 'rejected');
    throw nameTheSchemaFile((failure as PromiseRejectedResult).reason, sources);
  }
  return { migrations, schemas, close: async () => void (await Promise.all([migrations.close(), schemas.close()])) };
}

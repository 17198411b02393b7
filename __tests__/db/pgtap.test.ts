/** @jest-environment node */
// The database's own tests, in SQL: every pgTAP file in supabase/tests/ (the layout `supabase test db` runs on a
// hosted-like stack) on both of the project's databases, the embedded PostgreSQL server prepared like a hosted
// project and PGlite (`npm start`'s). A file fails here when an assertion in it fails (named, with pgTAP's
// diagnostics), when it runs fewer or more assertions than it planned, or when a statement in it errors.
// How pgTAP is loaded: ../helpers/pgtap.ts; how to add a file: docs/database.md.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseError, QueryResult } from 'pg';
import { parseTap, pgtapInstallSql, pgtapTestFiles, tapFailures, textValues, PGTAP_TESTS_DIR } from '../helpers/pgtap';
import { startRealPostgres, type RealPostgres } from '../helpers/real-postgres';

const FILES = pgtapTestFiles();
const PGLITE_CHILD = path.join(__dirname, '..', 'helpers', 'pgtap-pglite-process.ts');

type FileRun = { values?: string[]; error?: string };

/** A statement's error, with the line of the file it points at and the context PostgreSQL gives. */
function describeError(error: DatabaseError, sql: string): string {
  const line = error.position ? sql.slice(0, Number(error.position)).split('\n').length : undefined;
  return [error.message, line && `at line ${line}`, error.where && `(${error.where})`].filter(Boolean).join(' ');
}

function expectPasses(file: string, run: FileRun | undefined) {
  if (!run) throw new Error(`${file} did not run`);
  if (run.error !== undefined) throw new Error(`${file} stopped with an error: ${run.error}`);
  const result = parseTap(run.values ?? []);
  const failures = tapFailures(result);
  if (failures.length > 0) throw new Error(`${file}:\n\n${failures.join('\n\n')}`);
  expect(result.tests.length).toBeGreaterThan(0);
}

/** Every file on PGlite, in a child process started at once: it runs while the PostgreSQL server starts. */
function runOnPglite(): Promise<Map<string, FileRun>> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--import', 'tsx', PGLITE_CHILD, ...FILES],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        const runs = new Map<string, FileRun>();
        for (const line of stdout.split('\n').filter((text) => text.startsWith('{'))) {
          const { file, ...run } = JSON.parse(line) as FileRun & { file: string };
          runs.set(file, run);
        }
        resolve(runs);
      },
    ),
  );
}

let pgliteRuns: Promise<Map<string, FileRun>>;
beforeAll(() => {
  pgliteRuns = runOnPglite();
  pgliteRuns.catch(() => undefined); // awaited (and reported) by the PGlite tests
});

test('there are pgTAP tests to run', () => {
  expect(FILES.length).toBeGreaterThan(0);
});

describe('on postgres', () => {
  let pg: RealPostgres;
  beforeAll(async () => {
    pg = await startRealPostgres();
    await pg.admin(pgtapInstallSql());
  }, 60_000);
  afterAll(() => pg?.close());

  test.each(FILES)('%s', async (file) => {
    // One session as `postgres` (the role `supabase test db` connects as; not a superuser), the file as written.
    const sql = readFileSync(path.join(PGTAP_TESTS_DIR, file), 'utf8');
    const client = await pg.connect('postgres');
    let run: FileRun;
    try {
      const results = (await client.query(sql)) as unknown as QueryResult | QueryResult[];
      run = { values: textValues(Array.isArray(results) ? results : [results]) };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      run = { error: describeError(error as DatabaseError, sql) };
    } finally {
      client.release();
    }
    expectPasses(file, run);
  });
});

describe('on pglite', () => {
  let runs: Map<string, FileRun>;
  beforeAll(async () => {
    runs = await pgliteRuns;
  }, 60_000);

  test.each(FILES)('%s', (file) => expectPasses(file, runs.get(file)));
});

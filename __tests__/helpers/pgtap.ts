// Runs the pgTAP tests in supabase/tests/*.sql (the Supabase CLI's `supabase test db` layout) and reads their TAP.
//
// pgTAP is SQL and PL/pgSQL. Neither the embedded PostgreSQL server nor PGlite has its extension files, so its
// plain install script (Debian's postgresql-15-pgtap: /usr/share/postgresql/15/extension/pgtap.sql, installed by
// scripts/ensure-pgtap.sh) is run once per database into the `extensions` schema, where a hosted project's
// `create extension pgtap with schema extensions` (what `supabase test db` runs) puts it. A test file then runs as
// written, one session, with `extensions` on its search_path as the hosted `postgres` role has it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const PGTAP_TESTS_DIR = path.join(REPO_ROOT, 'supabase', 'tests');

/** pgTAP's install script: PGTAP_SQL, or the newest Debian package's. */
export function pgtapInstallScript(): string {
  const candidates = process.env.PGTAP_SQL
    ? [process.env.PGTAP_SQL]
    : existsSync('/usr/share/postgresql')
      ? readdirSync('/usr/share/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/share/postgresql/${version}/extension/pgtap.sql`)
      : [];
  const found = candidates.find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      'pgTAP not found: run `bash scripts/ensure-pgtap.sh` (Debian: apt-get install postgresql-15-pgtap) ' +
        'or point PGTAP_SQL at pgtap.sql.',
    );
  }
  return found;
}

/** The SQL that installs pgTAP into `extensions` (run once per database, before the tests). */
export function pgtapInstallSql(): string {
  return `create schema if not exists extensions;
set search_path = extensions;
${readFileSync(pgtapInstallScript(), 'utf8')}
reset search_path;`;
}

/** The test files, in the order `supabase test db` runs them. */
export function pgtapTestFiles(): string[] {
  return readdirSync(PGTAP_TESTS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

export type TapResult = {
  planned?: number;
  /** Every assertion: its number, description, and the `#` lines that followed it. */
  tests: { number: number; ok: boolean; description: string; directive?: string; diagnostics: string[] }[];
  /** `#` lines before the first assertion or after the last one's (finish()'s "Looks like you failed …"). */
  comments: string[];
};

const ASSERTION = /^(not ok|ok) (\d+)(?: - (.*?))?(?: # ((?:TODO|SKIP)\b.*))?$/i;

/** TAP lines as the test's statements returned them (each value may hold several lines). */
export function parseTap(values: string[]): TapResult {
  const result: TapResult = { tests: [], comments: [] };
  for (const line of values.flatMap((value) => value.split('\n'))) {
    const plan = /^1\.\.(\d+)/.exec(line);
    const assertion = ASSERTION.exec(line);
    if (plan) result.planned = Number(plan[1]);
    else if (assertion) {
      result.tests.push({
        number: Number(assertion[2]),
        ok: assertion[1] === 'ok',
        description: assertion[3] ?? '',
        directive: assertion[4],
        diagnostics: [],
      });
    } else if (line.startsWith('#')) {
      const last = result.tests.at(-1);
      if (last && !/^# Looks like /.test(line)) last.diagnostics.push(line);
      else result.comments.push(line);
    }
  }
  return result;
}

/** What went wrong in a file's run, one entry per failed assertion (with its diagnostics) or plan mismatch. */
export function tapFailures(result: TapResult): string[] {
  const failures = result.tests
    .filter((test) => !test.ok && !/^TODO/i.test(test.directive ?? ''))
    .map((test) => [`not ok ${test.number} - ${test.description}`, ...test.diagnostics].join('\n'));
  if (result.planned === undefined) failures.push('no plan: the file must `select plan(n)` (or no_plan())');
  else if (result.planned !== result.tests.length) {
    failures.push(`planned ${result.planned} tests but ran ${result.tests.length}`);
  }
  return failures;
}

/** The text values of every row a file's statements returned: the TAP, among whatever else a set-up selected. */
export function textValues(rowSets: { rows: Record<string, unknown>[] }[]): string[] {
  return rowSets.flatMap((set) =>
    set.rows.flatMap((row) => Object.values(row).filter((value): value is string => typeof value === 'string')),
  );
}

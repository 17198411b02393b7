// The difference between two databases as the SQL that takes the first to the second: @pgkit/migra's statements
// (tables, columns, constraints, indexes, views, functions, triggers, policies, RLS, extensions), then what migra
// does not compare: relation options (catalog-options.ts), privileges (catalog-privileges.ts) and comments
// (catalog-comments.ts). See docs/database.md.
import { createClient } from '@pgkit/client';
import { Migration } from '@pgkit/migra';
import { Client } from 'pg';
import { diffComments, readComments } from './catalog-comments';
import { diffOptions, readOptions } from './catalog-options';
import { diffPrivileges, readPrivileges } from './catalog-privileges';

/**
 * migra's statements, cleaned: it writes `select 1; -- CREATE INDEX …` for the index an exclusion constraint
 * makes (the constraint itself creates it), a placeholder that does nothing; it is dropped here.
 */
export function cleanMigraStatements(statements: string[]): string[] {
  return statements
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '' && !/^select 1;\s*\n--/.test(statement));
}

/** A connection whose search_path is empty, so that every name the server writes out comes schema-qualified. */
function withoutSearchPath(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c search_path=')}`;
}

async function migraStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  const [from, to] = [createClient(withoutSearchPath(fromUrl)), createClient(withoutSearchPath(toUrl))];
  try {
    const migration = await Migration.create(from, to, {});
    migration.set_safety(false); // drops are written too; the one who reviews the migration decides
    migration.add_all_changes(false); // privileges: catalog-privileges.ts
    return cleanMigraStatements([...migration.statements]);
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

/** The option, privilege and comment statements alone (what migra does not compare). */
export async function catalogStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  const [from, to] = [new Client(withoutSearchPath(fromUrl)), new Client(withoutSearchPath(toUrl))];
  await Promise.all([from.connect(), to.connect()]);
  try {
    const [fromOptions, toOptions, fromPrivileges, toPrivileges, fromComments, toComments] = await Promise.all([
      readOptions(from),
      readOptions(to),
      readPrivileges(from),
      readPrivileges(to),
      readComments(from),
      readComments(to),
    ]);
    return [
      ...diffOptions(fromOptions, toOptions),
      ...diffPrivileges(fromPrivileges, toPrivileges),
      ...diffComments(fromComments, toComments),
    ];
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

/** The statements that take the database at `fromUrl` to the one at `toUrl` (both as a superuser); [] if equal. */
export async function diffDatabases(fromUrl: string, toUrl: string): Promise<string[]> {
  return [...(await migraStatements(fromUrl, toUrl)), ...(await catalogStatements(fromUrl, toUrl))];
}

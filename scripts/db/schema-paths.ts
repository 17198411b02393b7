// The schema files in the order they apply: `schema_paths` under [db.migrations] in supabase/config.toml, read as
// the Supabase CLI reads it. Each entry is a path or a glob relative to supabase/; a glob's matches come in
// lexicographic order, and a file an earlier entry already matched is not applied again.
import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

export const SUPABASE_DIR = path.resolve(__dirname, '..', '..', 'supabase');

export function schemaPathsFromConfig(configToml: string): string[] {
  const config = parse(configToml) as { db?: { migrations?: { schema_paths?: unknown } } };
  const entries = config.db?.migrations?.schema_paths;
  if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string') || entries.length === 0) {
    throw new Error('supabase/config.toml: [db.migrations] schema_paths must list the schema files (paths or globs).');
  }
  return entries;
}

/** Absolute paths of the schema files, in the order they apply. */
export function schemaFiles(supabaseDir = SUPABASE_DIR): string[] {
  const entries = schemaPathsFromConfig(readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8'));
  const files: string[] = [];
  for (const entry of entries) {
    const matches = globSync(entry, { cwd: supabaseDir })
      .map((match) => path.resolve(supabaseDir, match))
      .sort();
    if (matches.length === 0) throw new Error(`supabase/config.toml: schema_paths entry ${entry} matches no file.`);
    for (const file of matches) if (!files.includes(file)) files.push(file);
  }
  return files;
}

import type { SqlBackend } from './sql-backend';

// The tables and columns of the exposed schema, read once after migrations. Only names found here are
// ever written into SQL text (quoted); everything a client sends as a value travels as a parameter.
export const EXPOSED_SCHEMA = 'public';

export type SchemaCatalog = {
  hasTable(table: string): boolean;
  /** Column names of `table` in table order; empty when the table does not exist. */
  columnsOf(table: string): readonly string[];
  hasColumn(table: string, column: string): boolean;
};

export async function loadSchemaCatalog(backend: Pick<SqlBackend, 'queryAsOwner'>): Promise<SchemaCatalog> {
  const rows = await backend.queryAsOwner<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = $1 and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
    [EXPOSED_SCHEMA],
  );
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  return {
    hasTable: (table) => tables.has(table),
    columnsOf: (table) => tables.get(table) ?? [],
    hasColumn: (table, column) => tables.get(table)?.includes(column) ?? false,
  };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualifiedTable(table: string): string {
  return `${quoteIdentifier(EXPOSED_SCHEMA)}.${quoteIdentifier(table)}`;
}

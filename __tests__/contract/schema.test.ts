/** @jest-environment node */
// The migrated schema, as the rest of the project relies on it:
// - src/lib/database.types.ts says exactly what the migrations create, in the shape
//   `supabase gen types typescript` produces: Row = every column (nullable ones `| null`), Insert = the same
//   with columns that are nullable or have a default optional, Update = every column optional;
// - the local API keeps its data between starts and applies each migration exactly once.
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';

const TYPES_FILE = path.join(REPO_ROOT, 'src/lib/database.types.ts');

type Field = { type: string; optional: boolean };
type TableShape = Record<'Row' | 'Insert' | 'Update', Record<string, Field>>;
type ColumnInfo = {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
};

const TS_TYPE_FOR_POSTGRES: Record<string, string> = {
  text: 'string',
  'character varying': 'string',
  uuid: 'string',
  'timestamp with time zone': 'string',
  'timestamp without time zone': 'string',
  date: 'string',
  boolean: 'boolean',
  smallint: 'number',
  integer: 'number',
  bigint: 'number',
  numeric: 'number',
  jsonb: 'Json',
  json: 'Json',
};

const normaliseUnion = (type: string) =>
  type
    .split('|')
    .map((part) => part.trim())
    .sort()
    .join(' | ');

function membersOf(node: ts.TypeNode | undefined, where: string): Map<string, ts.PropertySignature> {
  if (!node || !ts.isTypeLiteralNode(node)) throw new Error(`${where} is not an object type literal`);
  const members = new Map<string, ts.PropertySignature>();
  for (const member of node.members) {
    if (ts.isPropertySignature(member)) members.set(member.name.getText(), member);
  }
  return members;
}

function readDeclaredTables(): Record<string, TableShape> {
  const source = ts.createSourceFile(TYPES_FILE, readFileSync(TYPES_FILE, 'utf8'), ts.ScriptTarget.Latest, true);
  const database = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === 'Database',
  );
  const schema = membersOf(database?.type, 'Database').get('public');
  const tables = membersOf(membersOf(schema?.type, 'Database.public').get('Tables')?.type, 'Database.public.Tables');
  const declared: Record<string, TableShape> = {};
  for (const [table, tableNode] of tables) {
    const parts = membersOf(tableNode.type, table);
    const shape = {} as TableShape;
    for (const part of ['Row', 'Insert', 'Update'] as const) {
      shape[part] = {};
      for (const [column, property] of membersOf(parts.get(part)?.type, `${table}.${part}`)) {
        shape[part][column] = {
          type: normaliseUnion(property.type?.getText() ?? ''),
          optional: Boolean(property.questionToken),
        };
      }
    }
    declared[table] = shape;
  }
  return declared;
}

function expectedTables(columns: ColumnInfo[]): Record<string, TableShape> {
  const expected: Record<string, TableShape> = {};
  for (const column of columns) {
    const tsType = TS_TYPE_FOR_POSTGRES[column.data_type];
    if (!tsType)
      throw new Error(`No TypeScript type known for ${column.table_name}.${column.column_name} (${column.data_type})`);
    const nullable = column.is_nullable === 'YES';
    const type = normaliseUnion(nullable ? `${tsType} | null` : tsType);
    const hasDefault = column.column_default !== null || column.is_identity === 'YES';
    const shape = (expected[column.table_name] ??= { Row: {}, Insert: {}, Update: {} });
    shape.Row[column.column_name] = { type, optional: false };
    shape.Insert[column.column_name] = { type, optional: nullable || hasDefault };
    shape.Update[column.column_name] = { type, optional: true };
  }
  return expected;
}

let workDir: string;
let dataDir: string;
let migrationsDir: string;
let api: TestApi;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'local-api-schema-'));
  dataDir = path.join(workDir, 'db');
  migrationsDir = path.join(workDir, 'migrations');
  await cp(path.join(REPO_ROOT, 'supabase/migrations'), migrationsDir, { recursive: true });
  api = await startTestApi({ dataDir, migrationsDir });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('Database type', () => {
  test('the Database type matches the migrated public schema column by column', async () => {
    const columns = await api.sql<ColumnInfo>(
      `select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
         from information_schema.columns c
         join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`,
    );
    expect(columns.length).toBeGreaterThan(0);
    expect(readDeclaredTables()).toEqual(expectedTables(columns));
  });

  // The defaults the site relies on (the server's id and time, the empty optional fields) are asserted in SQL:
  // supabase/tests/lead_tables_access.test.sql.
});

describe('migrations', () => {
  test('a restart keeps stored leads and re-applies nothing; a changed applied migration is refused', async () => {
    const email = uniqueEmail('persisted');
    expect(api.appliedMigrations.length).toBeGreaterThan(0);
    const { error } = await api.anon.from('contact_messages').insert({ name: 'Pat', email, message: 'Still here?' });
    expect(error).toBeNull();
    await api.close();

    const restarted = await startTestApi({ dataDir, migrationsDir });
    try {
      expect(restarted.appliedMigrations).toEqual([]);
      const history = await restarted.sql<{ name: string }>(
        'select name from local_api.applied_migrations order by name',
      );
      expect(history.map((row) => row.name)).toEqual(api.appliedMigrations);
      const { data } = await restarted.service.from('contact_messages').select('message').eq('email', email);
      expect(data).toEqual([{ message: 'Still here?' }]);
    } finally {
      await restarted.close();
    }

    await appendFile(path.join(migrationsDir, api.appliedMigrations[0]), '\n-- edited after being applied\n');
    await expect(startTestApi({ dataDir, migrationsDir })).rejects.toThrow(/changed after it was applied/);
  }, 60_000);
});

/** @jest-environment node */
// supabase/schemas/ (the current truth) and supabase/migrations/ (what hosted projects apply) must build the same
// database: a schema file changed without its migration, or a migration written without its schema change, fails
// here with the SQL that would take one to the other. `npm run db:diff -- <name>` writes that migration.
import { buildDatabases, type Databases } from '../../scripts/db/build-databases';
import { catalogStatements, diffDatabases } from '../../scripts/db/diff-databases';

let databases: Databases;
beforeAll(async () => {
  databases = await buildDatabases();
}, 120_000);
afterAll(() => databases?.close());

const url = (which: 'migrations' | 'schemas') => databases[which].connectionString('supabase_admin');

function explain(statements: string[], direction: string): string {
  return statements.length === 0 ? '' : `${direction}:\n\n${statements.join('\n\n')}\n`;
}

let differences: string[] = [];

test('the schema files and the migrations build the same database', async () => {
  differences = await diffDatabases(url('migrations'), url('schemas'));
  // Any difference shows in both directions; the other direction's SQL is read only to print it.
  const toMigrations = differences.length > 0 ? await diffDatabases(url('schemas'), url('migrations')) : [];
  expect(
    explain(
      differences,
      'The schema files differ from the migrations; the migration they need (npm run db:diff -- <name>)',
    ) + explain(toMigrations, 'The other way round, the SQL that would take the schema files to the migrations'),
  ).toBe('');
}, 60_000);

// What the check sees beyond migra: privileges on columns, functions and schemas, and comments, which this
// project's access rules and column notes are made of, and relation options such as a view's security_invoker
// (scripts/db/catalog-privileges.ts, catalog-comments.ts, catalog-options.ts).
// Changed here on the schema files' server only (a copy, gone after the test file), then diffed.
test("a column, function or schema grant, a comment and a view's security_invoker are differences too", async () => {
  await databases.schemas.admin(`
    grant insert (message) on table public.contact_messages to authenticated;
    revoke execute on function public.lead_challenge() from anon;
    revoke usage on schema private from authenticated;
    comment on column public.contact_messages.message is 'What the visitor wrote.';
  `);
  // As the dashboard's SQL editor creates it (owner postgres; Supabase's default privileges open it to the API).
  await databases.schemas.sql(`create view public.lead_days with (security_invoker = true) as
    select created_at::date as day, count(*) as leads from public.contact_messages group by 1`);
  const statements = await catalogStatements(url('migrations'), url('schemas'));
  expect(statements.filter((statement) => !differences.includes(statement))).toEqual([
    'alter view public.lead_days set (security_invoker=true);',
    'revoke usage on schema private from authenticated;',
    'grant insert (message) on table public.contact_messages to authenticated;',
    'revoke all on table public.lead_days from public, anon, authenticated, service_role;',
    'grant all on table public.lead_days to anon, authenticated, service_role;',
    'revoke execute on function public.lead_challenge() from anon;',
    "comment on column public.contact_messages.message is 'What the visitor wrote.';",
  ]);
}, 60_000);

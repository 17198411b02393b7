/** @jest-environment node */
// The next migration's name (scripts/db/migration-name.ts): the clock's UTC second, after every existing migration,
// and never dated ahead of the clock. The clock is an argument here; no assertion reads the real one.
import { cleanMigraStatements } from '../../scripts/db/diff-databases';
import { LAST_FUTURE_DATED_MIGRATION, nextMigrationFileName } from '../../scripts/db/migration-name';

const existing = ['20261122025933_lead_storage.sql', '20261202150000_insights_reports_side_by_side.sql'];

test('a new migration is named for the current UTC second', () => {
  expect(nextMigrationFileName('add_lead_source', existing, new Date('2026-12-24T09:05:07.900Z'))).toBe(
    '20261224090507_add_lead_source.sql',
  );
});

test('while the migrations dated ahead of the clock are newest, a new one takes the second after them', () => {
  expect(LAST_FUTURE_DATED_MIGRATION).toBe('20261202150000');
  const now = new Date('2026-11-27T23:33:04Z');
  expect(nextMigrationFileName('add_lead_source', existing, now)).toBe('20261202150001_add_lead_source.sql');
  expect(nextMigrationFileName('next_one', [...existing, '20261202150001_add_lead_source.sql'], now)).toBe(
    '20261202150002_next_one.sql',
  );
  expect(nextMigrationFileName('at_the_same_second', existing, new Date('2026-12-02T15:00:00Z'))).toBe(
    '20261202150001_at_the_same_second.sql',
  );
});

test('a newer migration dated after the clock is refused', () => {
  const now = new Date('2026-11-27T23:33:04Z');
  expect(() => nextMigrationFileName('next', [...existing, '20261203080000_written_ahead.sql'], now)).toThrow(
    /20261203080000 is dated after the clock \(20261127233304 UTC\)/,
  );
  // Once the clock has passed it, it is an ordinary migration.
  expect(
    nextMigrationFileName('next', [...existing, '20261203080000_written_ahead.sql'], new Date('2026-12-03T08:00:01Z')),
  ).toBe('20261203080001_next.sql');
});

test('a name is lower-case words joined by underscores', () => {
  const now = new Date('2026-12-24T09:05:07Z');
  expect(() => nextMigrationFileName('Add lead source', existing, now)).toThrow(/lower-case words/);
  expect(() => nextMigrationFileName('../escape', existing, now)).toThrow(/lower-case words/);
});

test("migra's placeholder for an exclusion constraint's index is dropped; its other statements are kept", () => {
  expect(
    cleanMigraStatements([
      'select 1; \n-- CREATE INDEX bookings_host_no_overlap ON private.bookings USING gist (host_id, blocked);',
      'alter table "private"."bookings" add column "note" text;\n',
      '',
    ]),
  ).toEqual(['alter table "private"."bookings" add column "note" text;']);
});

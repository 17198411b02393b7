/** @jest-environment node */
// One source for what a visit event is (issue 44): the kinds and bounds the site sends by
// (src/insights/visit-event-kinds.ts) are the ones the database's write-only function accepts
// (private.visit_event_limits() in 20261202100000_visit_events.sql), and the database keeps the raw events the
// days the privacy policy states (content/site.json privacy.visitEventDays). Read from the files, so a change to
// one side fails here before any database runs; __tests__/contract/visit-events.test.ts asks the migrated database.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  VISIT_EVENTS_PER_REQUEST_MAX,
  VISIT_EVENT_KINDS,
  VISIT_PATH_MAX,
  VISIT_TEXT_MAX,
} from '../../src/insights/visit-event-kinds';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const migration = readFileSync(path.join(REPO_ROOT, 'supabase/migrations/20261202100000_visit_events.sql'), 'utf8');

/** The one row private.visit_event_limits() answers, as written in the migration. */
function sqlLimits() {
  const match =
    /create function private\.visit_event_limits\(\)\s+returns table \(kinds text\[\], events_per_request integer, text_max integer, path_max integer\)[\s\S]*?as \$\$ select array\[([^\]]*)\], (\d+), (\d+), (\d+) \$\$;/.exec(
      migration,
    );
  if (!match) throw new Error('private.visit_event_limits() not found in the migration in its expected shape');
  const kinds = match[1].split(',').map((literal) => {
    const kind = /^\s*'([a-z_]+)'\s*$/.exec(literal);
    if (!kind) throw new Error(`Not a plain kind literal: ${literal}`);
    return kind[1];
  });
  return { kinds, eventsPerRequest: Number(match[2]), textMax: Number(match[3]), pathMax: Number(match[4]) };
}

test('the database accepts exactly the kinds the site counts, in the same order', () => {
  expect(sqlLimits().kinds).toEqual([...VISIT_EVENT_KINDS]);
});

test('the database’s bounds are the site’s', () => {
  const { eventsPerRequest, textMax, pathMax } = sqlLimits();
  expect({ eventsPerRequest, textMax, pathMax }).toEqual({
    eventsPerRequest: VISIT_EVENTS_PER_REQUEST_MAX,
    textMax: VISIT_TEXT_MAX,
    pathMax: VISIT_PATH_MAX,
  });
});

test('the kinds and bounds are written once in the migration: every check and the function use that one place', () => {
  for (const kind of VISIT_EVENT_KINDS) expect(migration.split(`'${kind}'`).length - 1).toBe(1);
  // No second literal bound: the checks call private.is_visit_path / is_visit_text, which read the limits.
  expect(migration).not.toMatch(/char_length\([^)]*\)\s*<=\s*\d/);
});

test('raw events are kept the days the privacy policy states', () => {
  const site = JSON.parse(readFileSync(path.join(REPO_ROOT, 'content/site.json'), 'utf8')) as {
    privacy: { visitEventDays: number };
  };
  const kept = /days_kept constant integer := (\d+);/.exec(migration);
  expect(Number(kept?.[1])).toBe(site.privacy.visitEventDays);
});

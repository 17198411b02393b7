// The name of the next migration: `<UTC timestamp>_<name>.sql`. Migrations apply in file-name order, so a new one
// must sort after every existing one; and a timestamp is never in the future, or a later migration made the
// ordinary way (`supabase migration new`, this script) would sort before it and apply out of order.
//
// Migrations up to issue 45 were dated ahead of the calendar (the newest, 20261202150000, was written on
// 2026-11-27). They keep their names, since hosted projects have applied them; until the clock passes the newest,
// each new migration takes the next second after it (20261202150001, 20261202150002, …). Any other migration dated
// after the clock is refused.

import { MIGRATION_FILE } from '../../dev/local-api/migrations';

/** The newest of the migrations dated ahead of the clock before issue 45; none after it may be. */
export const LAST_FUTURE_DATED_MIGRATION = '20261202150000';

const NAME = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

function dateOf(version: string): Date {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version) ?? [];
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
}

/**
 * `<version>_<name>.sql` for a new migration, given the existing migrations' file names and the clock: the current
 * UTC second, or the second after the newest existing migration if that is not earlier.
 */
export function nextMigrationFileName(name: string, existing: string[], now: Date): string {
  if (!NAME.test(name)) {
    throw new Error(`Migration name "${name}": lower-case words joined by underscores, e.g. add_lead_source.`);
  }
  const clock = timestamp(now);
  const versions = existing.map((file) => MIGRATION_FILE.exec(file)?.[1]).filter((v): v is string => !!v);
  const catchUp = versions.filter((version) => version > LAST_FUTURE_DATED_MIGRATION).sort();
  const lastFutureDated = dateOf(LAST_FUTURE_DATED_MIGRATION).getTime();
  const future = catchUp.filter(
    (version, index) => version > clock && dateOf(version).getTime() > lastFutureDated + (index + 1) * 1000,
  );
  if (future.length > 0) {
    throw new Error(
      `Migration ${future.join(', ')} is dated after the clock (${clock} UTC): a migration's timestamp is the time it ` +
        'was written. Rename it to that time (only migrations up to ' +
        `${LAST_FUTURE_DATED_MIGRATION} are dated ahead, and they stay as hosted projects applied them).`,
    );
  }
  const newest = versions.sort().at(-1);
  const version = newest && newest >= clock ? timestamp(new Date(dateOf(newest).getTime() + 1000)) : clock;
  return `${version}_${name}.sql`;
}

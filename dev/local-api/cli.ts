import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR } from './database';
import { LOCAL_API_PORT, LOCAL_SUPABASE_SERVICE_ROLE_KEY } from './local-keys';
import { startLocalCalendarSync } from '../calendars/local';
import { startLocalCrmSync } from '../crm/local';
import { startNotificationRunner } from '../notifications/runner';
import { startLocalApi } from './server';

// `npm run backend`: the local Supabase-compatible data API the site uses when GATSBY_SUPABASE_URL is unset.
const USAGE = `Usage: npm run backend -- [--port ${LOCAL_API_PORT}] [--data-dir .local-db | --in-memory] [--no-notifications] [--no-calendars] [--no-crm]`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(LOCAL_API_PORT) },
      'data-dir': { type: 'string' },
      'in-memory': { type: 'boolean', default: false },
      'no-notifications': { type: 'boolean', default: false },
      'no-calendars': { type: 'boolean', default: false },
      'no-crm': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port: ${values.port}\n${USAGE}`);
  const dataDir = values['in-memory'] ? undefined : path.resolve(values['data-dir'] ?? DEFAULT_DATA_DIR);

  const api = await startLocalApi({ port, dataDir });
  console.log(`Local data API (Supabase-compatible) listening on ${api.url}`);
  console.log(dataDir ? `Data: ${dataDir} (delete this folder to start empty)` : 'Data: in memory (lost on exit)');
  if (api.appliedMigrations.length > 0) console.log(`Applied migrations: ${api.appliedMigrations.join(', ')}`);
  // The CRM sync starts only when a CRM setting is in the environment (dev/crm/local.ts).
  const [notifications, calendars, crm] = await Promise.all([
    values['no-notifications']
      ? undefined
      : startNotificationRunner({ apiUrl: api.url, serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY }),
    values['no-calendars']
      ? undefined
      : startLocalCalendarSync({ apiUrl: api.url, serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY }),
    values['no-crm'] ? undefined : startLocalCrmSync({ apiUrl: api.url, serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY }),
  ]);
  if (notifications) {
    console.log(
      `Lead notifications: notify-leads under Deno each second; mail in .local-mail/ (docs/notifications.md)`,
    );
  }
  if (calendars) {
    console.log(
      `Hosts' calendars: calendar-sync under Deno each second, accounts from CALDAV_ACCOUNTS (docs/calendars.md)`,
    );
  }
  if (crm) console.log(crm.line);
  console.log(
    `Team sign-in: Supabase Auth's e-mailed code at ${api.url}/auth/v1, codes in .local-mail/ (docs/insights.md)`,
  );
  console.log('Stored leads: npm run leads. The team: npm run team. Stop: Ctrl+C.');

  const shutdown = () => {
    Promise.all([notifications?.close(), calendars?.close(), crm?.runner.close(), api.close()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port already in use: is the local data API (or \`supabase start\`) already running?`);
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

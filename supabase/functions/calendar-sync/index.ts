// calendar-sync (issue 34): reads every host's busy times from their calendar over CalDAV into the database, and
// writes each booked call to its host's calendar (and removes it when the call moves away or is cancelled) from
// the calendar_writes outbox. Invoked every minute by pg_cron + pg_net on a hosted project, every second or so by
// the local runner (dev/calendars/runner.ts). See docs/calendars.md.
import { createCalDavCalendars } from './caldav.ts';
import { ConfigError, readConfig } from './config.ts';
import { createRpcCalendarDatabase } from './database.ts';
import { syncDueHosts } from './sync.ts';
import { TokenCache } from './token-cache.ts';
import { writeDueCalendarEvents } from './writes.ts';

// OAuth access tokens outlive a run while the function's instance lives (memory only, never stored).
const tokens = new TokenCache();

Deno.serve(async (request) => {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  try {
    const config = readConfig(Deno.env.toObject());
    const log = (line: string) => console.log(line);
    const database = createRpcCalendarDatabase(fetch, config);
    const calendars = createCalDavCalendars({
      fetch,
      accounts: config.accounts,
      timeoutMs: config.requestTimeoutMs,
      tokens,
    });
    // Side by side: a slow calendar server never holds up the writes, nor a backlog of writes the busy times.
    const [sync, writes] = await Promise.all([
      syncDueHosts({ database, source: calendars, staleAfterSeconds: config.staleAfterSeconds, log }),
      writeDueCalendarEvents({ database, writer: calendars, ...config, log }),
    ]);
    return Response.json({ sync, writes });
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `run failed: ${error}`;
    console.error(`calendar-sync: ${message}`);
    return Response.json({ error: message }, { status: 500 });
  }
});

// `npm run leads -- hosts`: the hosts of strategy calls without a developer or the Table Editor (issue 34): list
// them with their calendar's state and the week's calls, pause one for leave, resume, add one. Through service_role
// functions (supabase/migrations/20261126110000_booking_host_messages.sql). Calendar passwords are never taken
// here: they are the calendar-sync function's CALDAV_ACCOUNTS secret, keyed by the host's credential key.
import type { NodeLeadClient } from '../local-api/node-client';
import { call, type OperatorResult } from './bookings';

export const PASSWORD_NOTE =
  "Calendar passwords and app tokens are never given here: set them in the calendar-sync function's secret " +
  'CALDAV_ACCOUNTS, keyed by the credential key: supabase secrets set CALDAV_ACCOUNTS=\'{"<key>": {"username": "…", "password": "…"}}\' (docs/calendars.md).';

export type HostRow = {
  host_id: string;
  name: string;
  email: string | null;
  paused: boolean;
  time_zone: string;
  calendar_connected: boolean;
  credential_key: string | null;
  synced_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  calls_this_week: number;
};

type Answer = { status: string; [key: string]: unknown };

const utc = (timestamp: string) => `${new Date(timestamp).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function fetchHosts(client: NodeLeadClient): Promise<HostRow[]> {
  return call<HostRow[]>(client, 'host_overview', {});
}

export function formatHosts(hosts: HostRow[], inert: (text: string) => string): string {
  const lines = [`Hosts: ${hosts.length}`];
  for (const host of hosts) {
    const calendar = host.calendar_connected
      ? `calendar connected (key ${inert(host.credential_key ?? '')}), last sync ${host.synced_at ? utc(host.synced_at) : 'never'}`
      : 'no calendar';
    lines.push(
      `  ${inert(host.name)} <${inert(host.email ?? 'no e-mail')}> · ${host.paused ? 'paused' : 'taking calls'} · ${calendar} · ${host.calls_this_week} call(s) this week · ${host.host_id}`,
    );
    if (host.last_error)
      lines.push(
        `      last calendar error ${host.last_error_at ? utc(host.last_error_at) : ''}: ${inert(host.last_error)}`,
      );
  }
  lines.push('', PASSWORD_NOTE);
  return lines.join('\n');
}

/** Pauses (leave: no new calls; their booked calls stay) or resumes a host by name or id. */
export async function setHostPaused(
  client: NodeLeadClient,
  reference: string,
  paused: boolean,
): Promise<OperatorResult> {
  const answer = await call<Answer>(client, 'set_host_paused', { reference, paused });
  if (answer.status === 'updated') {
    return {
      ok: true,
      lines: [
        paused
          ? `Paused ${String(answer.name)}: offered no new calls from now; their booked calls stay with them.`
          : `Resumed ${String(answer.name)}: their free times are offered again.`,
      ],
    };
  }
  const candidates = (answer.candidates ?? []) as { host_id: string; name: string }[];
  return {
    ok: false,
    lines: [
      answer.status === 'not_found'
        ? `No host is called "${reference}": see npm run leads -- hosts.`
        : 'More than one host has that name: give the id.',
      ...candidates.map((candidate) => `  ${candidate.host_id}  ${candidate.name}`),
    ],
  };
}

export type NewHost = { name: string; email: string; calendarUrl?: string; credentialKey?: string; timeZone?: string };

export async function addHost(client: NodeLeadClient, host: NewHost): Promise<OperatorResult> {
  let answer: Answer;
  try {
    answer = await call<Answer>(client, 'add_booking_host', {
      name: host.name,
      email: host.email,
      calendar_url: host.calendarUrl ?? null,
      credential_key: host.credentialKey ?? null,
      time_zone: host.timeZone ?? null,
    });
  } catch (error) {
    // The table's checks: a bad address, calendar URL (a collection ending in /), key or zone.
    const code = (error as { code?: string }).code;
    if (code === '23514' || code === '22023') return { ok: false, lines: [`Not added: ${(error as Error).message}`] };
    throw error;
  }
  const others = (await fetchHosts(client)).filter((other) => other.host_id !== answer.host_id && !other.paused);
  return {
    ok: true,
    lines: [
      `Added ${String(answer.name)} (${String(answer.host_id)}): offered calls from now${host.calendarUrl ? '; their calendar is read at the calendar sync’s next run' : ''}.`,
      ...(host.calendarUrl ? [PASSWORD_NOTE] : []),
      ...others
        .filter((other) => other.email === null)
        .map(
          (other) =>
            `${other.name} still takes calls too: npm run leads -- hosts pause "${other.name}" when the people take them all.`,
        ),
    ],
  };
}

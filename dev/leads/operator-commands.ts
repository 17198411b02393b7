// The operator subcommands of `npm run leads` (erase, retention, held leads, bookings, hosts, CRM sync) and the help
// text.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeSupabaseClient } from '../local-api/node-client';
import os from 'node:os';
import { cancelBooking, moveBooking } from './bookings';
import { runCrmCommand } from './crm';
import { runHostsCommand } from './host-commands';
import { isOutcomeWord } from './outcome-words';
import { recordOutcome } from './outcomes';
import { eraseLeadsOf } from './erase';
import {
  applyHeldRetention,
  fetchHeldLeads,
  formatHeldLeads,
  formatHeldRetention,
  parseHeldHour,
  parseHeldReasons,
  releaseHeldLead,
} from './held';
import type { StoredLead } from './read-leads';
import { applyRetention, cutoffFor } from './retention';
import { applyVisitRetention, formatVisitRetention } from './visit-retention';

/** The retention period the privacy policy states (content/site.json privacy.retentionMonths). */
export function policyRetentionMonths(contentDir = path.resolve('content')): number {
  const site = JSON.parse(fs.readFileSync(path.join(contentDir, 'site.json'), 'utf8')) as {
    privacy: { retentionMonths: number };
  };
  return site.privacy.retentionMonths;
}

export const LEADS_HELP = `npm run leads [-- --limit N]
  Prints the newest N (default 50) leads of both tables, with where each came from, and each strategy-call
  request's booked call: its time in the team's zone, its state (booked, moved, cancelled, reminded), history,
  host and outcome; then the show rate of the last 12 weeks' calls by week and by source.

npm run leads -- erase <email> [--dry-run]
  Deletes every lead (both tables) sent with this e-mail address, compared case-insensitively, for an
  erasure request. The lead's notification jobs go with it. --dry-run lists what would be deleted.

npm run leads -- retention (--delete | --deidentify) [--older-than 24m] [--dry-run]
  Applies the retention period to leads received before it: --delete removes them; --deidentify replaces
  name, e-mail, company, phone and message with placeholders and keeps the date and where it came from.
  --older-than takes months (24m) or days (30d); the default is content/site.json privacy.retentionMonths
  (${policyRetentionMonths()} months), the period the privacy policy states. --dry-run lists what would change.
  It also rolls up the counted visit events of past days into daily totals and deletes the raw events older
  than the database keeps them (90 days), as hosted projects with pg_cron do every night by themselves.

npm run leads -- retention --held [--dry-run]
  Deletes the held leads (below) never released, once they are older than the database's setting
  private.lead_guard_settings.held_retention_days (14 days unless changed); the next digest says how many.
  Hosted projects with pg_cron do this every night by themselves.

npm run leads -- held [--all] [--reason <reason>[,<reason>…]] [--hour <ISO time>]
  Lists the leads the database stored and held instead of notifying (the form's hidden trap field filled, no or
  a bad proof-of-work, a burst from one network, more submissions a minute than usual), newest first: when,
  where it came in, the e-mail address masked, name, company, why it was held, when it will be deleted. --all
  adds released ones. --reason keeps those held for these reasons (over_global_rate, network_burst,
  no_challenge, bad_challenge, honeypot); --hour those received in the clock hour (UTC) of the time given,
  e.g. 2026-11-23T11:00Z. The hourly digest lists the newest of each kind and gives this command for the rest.

npm run leads -- release <lead id>
  Releases a held lead: its notification goes to the team as for any new lead, exactly once (releasing again
  changes nothing), and a strategy-call request may then book a time. The hourly digest of held leads has a
  link per lead that does the same.

npm run leads -- booking cancel <booking id | email>
  Cancels the booked call (for a visitor who phones in), as the visitor's own link would: the time is free
  again, the visitor and the team get the cancellation, pending reminders are dropped.

npm run leads -- booking move <booking id | email> <time>
  Moves the booked call to a new start time, under the same rules as the visitor's link (hours, notice, horizon,
  daily limit, no overlap); refused times are explained with free times nearby. <time> is 2026-11-27T14:00 in
  the team's zone, or an ISO time with an offset (2026-11-27T14:00+11:00) or Z. The visitor and the team get
  the updated invitation; the reminders follow the new time.

npm run leads -- booking outcome <booking id | email> attended|no-show|moved
  Records what happened at a call whose start has passed (the host's reminder has a link that does the same);
  recording again replaces it. npm run leads reports the show rate by week and by source from these.

npm run leads -- hosts
  Lists the hosts of strategy calls: e-mail, paused or taking calls, calendar connected, last sync and error,
  calls this week.
npm run leads -- hosts pause <name | id>   /   hosts resume <name | id>
  A paused host (leave) is offered no new calls; their booked calls stay with them.
npm run leads -- hosts add "<name>" <email> [--calendar <url> --credential-key <key>] [--time-zone <zone>]
  Adds a host. Calendar passwords are never taken here: they are the calendar-sync function's CALDAV_ACCOUNTS
  secret, keyed by the credential key (docs/calendars.md).

npm run leads -- crm on <target>   /   crm off <target>
  Turns the sync of leads, booked calls and call outcomes to a CRM on or off; <target> is hubspot, pipedrive or
  webhook. Turned on, each new change is queued for it (earlier ones are not sent). Its credentials are never
  given here: they are the crm-sync function's secrets (docs/crm.md). npm run leads then shows, under each lead
  and call, each target's state: pending, sent (with the ids in the CRM), waiting while paused, or given up.
npm run leads -- crm resume <target>
  After fixing what paused it (the team's e-mail says what), sends the target's waiting changes, in order.
npm run leads -- crm retry <job id>
  Sends one change again now: one given up, or one waiting for its next attempt (the job id is in the listing).

Target: the local data API, or a hosted project with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY set.`;

/** A mistake in the command line: said plainly, without the "is the API running?" hint of other failures. */
function usageError(message: string): void {
  console.error(`${message}\nSee npm run leads -- --help.`);
  process.exitCode = 2;
}

function describe(leads: StoredLead[], inert: (text: string) => string): string {
  return leads
    .map((lead) => `  ${lead.created_at.slice(0, 19).replace('T', ' ')}  ${lead.table}  ${inert(lead.email)}`)
    .join('\n');
}

export const OPERATOR_COMMANDS = ['erase', 'retention', 'booking', 'hosts', 'held', 'release', 'crm'] as const;
export type OperatorCommand = (typeof OPERATOR_COMMANDS)[number];

export async function runOperatorCommand(
  command: OperatorCommand,
  args: string[],
  target: { url: string; key: string },
  inert: (text: string) => string,
): Promise<void> {
  const client = createNodeSupabaseClient(target.url, target.key);
  const print = (result: { ok: boolean; lines: string[] }) => {
    for (const line of result.lines) console.log(inert(line));
    if (!result.ok) process.exitCode = 1;
  };
  if (command === 'hosts') {
    const result = await runHostsCommand(client, args, inert);
    return 'usage' in result ? usageError(result.usage) : print(result);
  }
  if (command === 'crm') {
    const result = await runCrmCommand(client, args);
    return 'usage' in result ? usageError(result.usage) : print(result);
  }
  if (command === 'held') {
    const usage = 'Usage: npm run leads -- held [--all] [--reason <reason>[,<reason>…]] [--hour <ISO time>]';
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        all: { type: 'boolean', default: false },
        reason: { type: 'string' },
        hour: { type: 'string' },
      },
    });
    if (positionals.length > 0) return usageError(usage);
    const reasons = values.reason === undefined ? undefined : parseHeldReasons(values.reason);
    if (typeof reasons === 'string') return usageError(reasons);
    const hourStart = values.hour === undefined ? undefined : parseHeldHour(values.hour);
    if (typeof hourStart === 'string') return usageError(hourStart);
    const filter = { reasons, hourStart };
    const leads = await fetchHeldLeads(client, values.all ?? false, filter);
    return print({ ok: true, lines: [formatHeldLeads(leads, inert, filter)] });
  }
  if (command === 'release') {
    if (args.length !== 1) return usageError('Usage: npm run leads -- release <lead id>');
    return print(await releaseHeldLead(client, args[0], `operator (${os.userInfo().username})`));
  }
  if (command === 'booking') {
    const [action, reference, time, ...extra] = args;
    const usage =
      'Usage: npm run leads -- booking cancel <booking id | email>  or  booking move <booking id | email> <time>' +
      '  or  booking outcome <booking id | email> attended|no-show|moved';
    if (action === 'outcome' && reference && time && extra.length === 0) {
      if (!isOutcomeWord(time)) return usageError(`"${time}" is not an outcome: attended, no-show or moved.`);
      return print(await recordOutcome(client, reference, time, `operator (${os.userInfo().username})`));
    }
    if (action === 'cancel' && reference && time === undefined) {
      return print(await cancelBooking(client, reference));
    }
    if (action === 'move' && reference && time && extra.length === 0) {
      let result;
      try {
        result = await moveBooking(client, reference, time);
      } catch (error) {
        if (error instanceof Error && /is not a time|Give "/.test(error.message)) return usageError(error.message);
        throw error;
      }
      return print(result);
    }
    return usageError(usage);
  }
  if (command === 'erase') {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { 'dry-run': { type: 'boolean', default: false } },
    });
    if (positionals.length !== 1) return usageError('Usage: npm run leads -- erase <email> [--dry-run]');
    const dryRun = values['dry-run'] ?? false;
    const { matched } = await eraseLeadsOf(client, positionals[0], { dryRun });
    console.log(`${dryRun ? 'Would delete' : 'Deleted'} ${matched.length} lead(s) at ${target.url}`);
    if (matched.length > 0) console.log(describe(matched, inert));
    return;
  }
  const { values } = parseArgs({
    args,
    options: {
      'older-than': { type: 'string', default: `${policyRetentionMonths()}m` },
      delete: { type: 'boolean', default: false },
      deidentify: { type: 'boolean', default: false },
      held: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (values.held) {
    if (values.delete || values.deidentify || args.some((arg) => arg.startsWith('--older-than')))
      return usageError('--held goes alone (with --dry-run): held leads are kept the days the database says.');
    const result = await applyHeldRetention(client, values['dry-run'] ?? false);
    return print({ ok: true, lines: [formatHeldRetention(result, target.url, inert)] });
  }
  if (values.delete === values.deidentify)
    return usageError('Say what to do with old leads: --delete or --deidentify.');
  const mode = values.delete ? 'delete' : 'deidentify';
  const dryRun = values['dry-run'] ?? false;
  let cutoff: Date;
  try {
    cutoff = cutoffFor(values['older-than'] ?? '', new Date());
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { matched } = await applyRetention(client, { cutoff, mode, dryRun });
  const verb = mode === 'delete' ? 'delete' : 'de-identify';
  console.log(
    `${dryRun ? `Would ${verb}` : `${verb === 'delete' ? 'Deleted' : 'De-identified'}`} ${matched.length} lead(s) received before ${cutoff.toISOString()} at ${target.url}`,
  );
  if (matched.length > 0) console.log(describe(matched, inert));
  console.log(formatVisitRetention(await applyVisitRetention(client, dryRun), target.url));
}

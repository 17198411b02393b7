// The hourly digest of held leads (issue 36): the leads the submission guard stored and held in one clock hour
// instead of notifying one by one (they looked automated, or arrived in a flood), each with its release link and
// command, how many of the hour's were released already, and how many held leads the retention deleted since the
// last digest. One e-mail to the team per hour at most, none for an hour without a held lead (the database queues
// it: supabase/migrations/20261127100000_held_leads.sql). Visitor text is data: escaped in HTML, never in a header.
//
// Under a flood an hour holds thousands of leads (the flood benchmark's: 3,780, 1.4 MB of text when all were
// listed), so the digest is grouped by how likely a lead is real and lists only the newest of each group in full;
// the rest are counted per reason, with the command that lists them all. Nothing is dropped: every lead still held
// is either listed or counted, and each one can be released by `npm run leads -- release <id>`.
import {
  AUTOMATED_HOLD_REASONS,
  holdReasonText,
  isTrafficHold,
  RELEASE_PAGE_PATH,
  TRAFFIC_HOLD_REASONS,
} from './hold-reasons.ts';
import { heldLeadOrder, PERSON_SECONDS, tookAPersonsTime } from './held-order.ts';
import { BUSINESS_TIME_ZONE, escapeHtml, receivedThrough, type Notification } from './render.ts';
import { part } from './times.ts';

export type HeldDigestLead = {
  lead_table: 'consultation_requests' | 'contact_messages';
  lead_id: string;
  received_at: string;
  name: string;
  company: string | null;
  email: string;
  hold_reason: string;
  surface: string | null;
  /**
   * The release link's secret; null when the lead was released between attempts. The database gives one to every
   * lead still held at the first attempt (and keeps them in the job for retries); the secrets of the leads this
   * digest does not list are never sent, and are gone once it is sent: those leads are released by command.
   */
  release_token: string | null;
  /** Seconds from the lead's proof-of-work challenge to the lead; null without a valid one (held-order.ts). */
  seconds_to_send: number | null;
};

export type HeldDigest = {
  hour_start: string;
  hour_end: string;
  /** Leads held in the hour, released ones included. */
  held: number;
  released: number;
  /** Still held, in any order (the database sends them oldest first; the digest sorts them itself). */
  leads: HeldDigestLead[];
  deleted_since_last: number;
  retention_days: number;
};

/**
 * How many leads of each group one digest lists in full (release link, command, who, why). About 50 entries is
 * what a person reads through in a few minutes, and keeps the e-mail near 30 KB of text (each entry is ~400 bytes)
 * where the flood benchmark's listed everything in 1.4 MB. The probably-real group gets the larger share: a real
 * visitor held in a flood is there. The probably-automated group is listed only so the team can check it is junk.
 */
export const DIGEST_LIST_LIMITS = { probablyReal: 50, probablyAutomated: 20 } as const;

type GroupKey = keyof typeof DIGEST_LIST_LIMITS;

// The digest's copy: every sentence of it is here or in the template below.
const COPY = {
  subject: (held: string, from: string, to: string, day: string, probablyReal: number) =>
    `Held leads: ${held} held ${from}–${to}, ${day} (${count(probablyReal)} probably real)`,
  intro: (held: string, from: string, to: string, day: string, zone: string) =>
    `${held} stored and held between ${from} and ${to} on ${day} (${zone}) instead of being sent to you one by ` +
    "one: they looked automated (no valid proof-of-work, the form's hidden trap field filled) or arrived in a " +
    'burst from one network or with more submissions a minute than the form normally receives. Nothing was refused ' +
    'or lost. If one of them is a real lead, release it: its notification then comes to you as for any new lead, ' +
    'and a strategy-call request can book a time.',
  groups: {
    probablyReal: {
      title: 'Probably real',
      about: (leads: string, reasons: string) =>
        `${leads} held only because of the traffic (${reasons}). They carried a valid proof-of-work and an empty ` +
        "trap field, as a person's browser sends them; a flood that solves its proof-of-work is among them too. " +
        'Start here.',
    },
    probablyAutomated: {
      title: 'Probably automated',
      about: (leads: string, reasons: string) =>
        `${leads} held without a valid proof-of-work or with the trap field filled (${reasons}). A person whose ` +
        'browser blocks scripts can be among them.',
    },
  },
  personsTime: (took: number) =>
    `${count(took)} of them took a person's time, at least ${PERSON_SECONDS} s from starting the form or the chat to ` +
    'sending, and come first (a script sends within seconds of its proof-of-work).',
  tookTime: (seconds: number) => `sent ${duration(seconds)} after starting`,
  listed: (shown: number, total: number) =>
    shown === total ? 'All of them:' : `The first ${count(shown)} of ${count(total)}:`,
  rest: (more: number, reasons: string, command: string) =>
    `Not listed here: ${count(more)} more (${reasons}), still held. The whole group, in the same order, with the ids ` +
    `to release: ${command}`,
  released: (released: number) =>
    `${plural(released, 'lead', 'leads')} of this hour ${released === 1 ? 'was' : 'were'} released already.`,
  deleted: (deleted: number, days: number) =>
    `${plural(deleted, 'held lead was', 'held leads were')} deleted since the last digest: held for ${days} days ` +
    'and never released.',
  retention: (days: number) =>
    `Held leads never released are deleted after ${days} days. npm run leads -- held lists them; ` +
    'npm run leads -- release <id> releases any of them.',
};

const count = (value: number) => value.toLocaleString('en-AU');
const duration = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
const plural = (value: number, one: string, many = `${one}s`) => `${count(value)} ${value === 1 ? one : many}`;

function hourOf(digest: HeldDigest) {
  const start = new Date(digest.hour_start);
  const end = new Date(digest.hour_end);
  const time = (instant: Date) => part(instant, BUSINESS_TIME_ZONE, { hour: 'numeric', minute: '2-digit' });
  const day = part(start, BUSINESS_TIME_ZONE, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  return { from: time(start), to: time(end), day };
}

export function releaseLink(siteUrl: string | undefined, token: string | null): string | undefined {
  return siteUrl && token ? `${siteUrl}${RELEASE_PAGE_PATH}#${token}` : undefined;
}

/** "over_global_rate: 250, network_burst: 34": the known reasons in their order, then any other, largest first. */
function reasonCounts(leads: HeldDigestLead[], known: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const lead of leads) counts.set(lead.hold_reason, (counts.get(lead.hold_reason) ?? 0) + 1);
  const order = [
    ...known.filter((reason) => counts.has(reason)),
    ...[...counts.keys()].filter((reason) => !known.includes(reason)).sort((a, b) => counts.get(b)! - counts.get(a)!),
  ];
  return order.map((reason) => `${reason}: ${count(counts.get(reason)!)}`).join(', ');
}

/** The command that lists every lead of a group held in this hour (dev/leads/held.ts). */
function listCommand(reasons: string[], hourStart: string): string {
  const hour = new Date(hourStart).toISOString().slice(0, 16);
  return `npm run leads -- held --reason ${reasons.join(',')} --hour ${hour}Z`;
}

type Entry = { number: number; heading: string; details: string; link: string | undefined; command: string };
type Group = { key: GroupKey; leads: HeldDigestLead[]; entries: Entry[]; about: string; rest: string | null };

/**
 * The groups of still-held leads, probably real first, each in held-order.ts's order (those that took a person's
 * time first, then newest first: the order `npm run leads -- held` lists them, so the command in "Not listed here"
 * goes on where the e-mail stops), at most DIGEST_LIST_LIMITS of each listed, numbered across groups.
 */
function groupsOf(digest: HeldDigest, siteUrl: string | undefined): Group[] {
  const ordered = [...digest.leads].sort(heldLeadOrder);
  const split: Record<GroupKey, HeldDigestLead[]> = {
    probablyReal: ordered.filter((lead) => isTrafficHold(lead.hold_reason)),
    probablyAutomated: ordered.filter((lead) => !isTrafficHold(lead.hold_reason)),
  };
  const known: Record<GroupKey, readonly string[]> = {
    probablyReal: TRAFFIC_HOLD_REASONS,
    probablyAutomated: AUTOMATED_HOLD_REASONS,
  };
  let number = 0;
  const groups: Group[] = [];
  for (const key of ['probablyReal', 'probablyAutomated'] as const) {
    const leads = split[key];
    if (leads.length === 0) continue;
    const listed = leads.slice(0, DIGEST_LIST_LIMITS[key]);
    const unlisted = leads.slice(listed.length);
    const entries = listed.map((lead): Entry => {
      const who = [lead.name, lead.company ?? '', lead.email].map((value) => value.trim()).filter(Boolean);
      const received = part(new Date(lead.received_at), BUSINESS_TIME_ZONE, { hour: 'numeric', minute: '2-digit' });
      const via = receivedThrough(lead.lead_table, { attribution: { surface: lead.surface } });
      number += 1;
      return {
        number,
        heading: who.join(' — '),
        details:
          `Held: ${holdReasonText(lead.hold_reason)} · through ${via} · received ${received}` +
          (typeof lead.seconds_to_send === 'number' ? ` · ${COPY.tookTime(lead.seconds_to_send)}` : ''),
        link: releaseLink(siteUrl, lead.release_token),
        command: `npm run leads -- release ${lead.lead_id}`,
      };
    });
    // The command names the group's reasons present in this hour, so it lists exactly the leads counted here.
    const reasons = [...new Set(leads.map((lead) => lead.hold_reason))].sort(
      (a, b) => rank(known[key], a) - rank(known[key], b) || a.localeCompare(b),
    );
    groups.push({
      key,
      leads,
      entries,
      about: [
        COPY.groups[key].about(plural(leads.length, 'lead'), reasonCounts(leads, known[key])),
        ...(key === 'probablyReal' ? [COPY.personsTime(leads.filter(tookAPersonsTime).length)] : []),
        COPY.listed(listed.length, leads.length),
      ].join(' '),
      rest:
        unlisted.length > 0
          ? COPY.rest(unlisted.length, reasonCounts(unlisted, known[key]), listCommand(reasons, digest.hour_start))
          : null,
    });
  }
  return groups;
}

const rank = (known: readonly string[], reason: string) =>
  known.includes(reason) ? known.indexOf(reason) : known.length;

export function renderHeldDigest(digest: HeldDigest, siteUrl: string | undefined): Notification {
  const { from, to, day } = hourOf(digest);
  const groups = groupsOf(digest, siteUrl);
  const probablyReal = groups.find((group) => group.key === 'probablyReal')?.leads.length ?? 0;
  const subject = COPY.subject(plural(digest.held, 'lead'), from, to, day, probablyReal);
  const intro = COPY.intro(plural(digest.held, 'lead was', 'leads were'), from, to, day, `${BUSINESS_TIME_ZONE} time`);
  const footer = [
    ...(digest.released > 0 ? [COPY.released(digest.released)] : []),
    ...(digest.deleted_since_last > 0 ? [COPY.deleted(digest.deleted_since_last, digest.retention_days)] : []),
    COPY.retention(digest.retention_days),
  ];

  const textLines = [intro, ''];
  for (const group of groups) {
    textLines.push(`${COPY.groups[group.key].title.toUpperCase()}: ${group.about}`, '');
    for (const entry of group.entries) {
      textLines.push(`${entry.number}. ${entry.heading}`, `   ${entry.details}`);
      textLines.push(entry.link ? `   Release: ${entry.link}` : `   Release: ${entry.command}`);
      if (entry.link) textLines.push(`   (or: ${entry.command})`);
      textLines.push('');
    }
    if (group.rest) textLines.push(group.rest, '');
  }
  textLines.push(...footer);

  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...groups.flatMap((group) => [
      `<h2 style="font-size:16px">${escapeHtml(COPY.groups[group.key].title)}</h2>`,
      `<p>${escapeHtml(group.about)}</p>`,
      `<ol start="${group.entries[0].number}">`,
      ...group.entries.map(
        (entry) =>
          `<li style="margin-bottom:12px"><strong>${escapeHtml(entry.heading)}</strong><br>` +
          `${escapeHtml(entry.details)}<br>` +
          (entry.link
            ? `<a href="${escapeHtml(entry.link)}">Release this lead</a> (or: <code>${escapeHtml(entry.command)}</code>)`
            : `Release: <code>${escapeHtml(entry.command)}</code>`) +
          '</li>',
      ),
      '</ol>',
      ...(group.rest ? [`<p><strong>${escapeHtml(group.rest)}</strong></p>`] : []),
    ]),
    ...footer.map((line) => `<p style="color:#666">${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('');

  return { subject, text: textLines.join('\n'), html, replyTo: undefined };
}

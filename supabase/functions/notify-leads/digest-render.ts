// The hourly digest of held leads (issue 36): the leads the submission guard stored and held in one clock hour
// instead of notifying one by one (they looked automated, or arrived in a flood), each with its release link and
// command, how many of the hour's were released already, and how many held leads the retention deleted since the
// last digest. One e-mail to the team per hour at most, none for an hour without a held lead (the database queues
// it: supabase/migrations/20261127100000_held_leads.sql). Visitor text is data: escaped in HTML, never in a header.
import { holdReasonText, RELEASE_PAGE_PATH } from './hold-reasons.ts';
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
  /** The release link's secret; null when the lead was released between attempts. */
  release_token: string | null;
};

export type HeldDigest = {
  hour_start: string;
  hour_end: string;
  /** Leads held in the hour, released ones included. */
  held: number;
  released: number;
  /** Still held, oldest first. */
  leads: HeldDigestLead[];
  deleted_since_last: number;
  retention_days: number;
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

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

export function renderHeldDigest(digest: HeldDigest, siteUrl: string | undefined): Notification {
  const { from, to, day } = hourOf(digest);
  const zone = `${BUSINESS_TIME_ZONE} time`;
  const subject = `Held leads: ${plural(digest.held, 'lead')} held ${from}–${to}, ${day}`;
  const intro =
    `${plural(digest.held, 'lead was', 'leads were')} stored and held between ${from} and ${to} on ${day} ` +
    `(${zone}) instead of being sent to you one by one: they looked automated (the form's hidden trap field ` +
    'filled, a burst from one network) or arrived with more submissions a minute than the form normally receives. ' +
    'Nothing was refused or lost. If one of them is a real lead, release it: its notification then comes to you as ' +
    'for any new lead, and a strategy-call request can book a time.';
  const entries = digest.leads.map((lead, index) => {
    const who = [lead.name, lead.company ?? '', lead.email].map((value) => value.trim()).filter(Boolean);
    const received = part(new Date(lead.received_at), BUSINESS_TIME_ZONE, { hour: 'numeric', minute: '2-digit' });
    const via = receivedThrough(lead.lead_table, { attribution: { surface: lead.surface } });
    return {
      heading: `${index + 1}. ${who.join(' — ')}`,
      details: `Held: ${holdReasonText(lead.hold_reason)} · through ${via} · received ${received}`,
      link: releaseLink(siteUrl, lead.release_token),
      command: `npm run leads -- release ${lead.lead_id}`,
    };
  });
  const footer = [
    ...(digest.released > 0
      ? [
          `${plural(digest.released, 'lead', 'leads')} of this hour ${digest.released === 1 ? 'was' : 'were'} released already.`,
        ]
      : []),
    ...(digest.deleted_since_last > 0
      ? [
          `${plural(digest.deleted_since_last, 'held lead was', 'held leads were')} deleted since the last digest: ` +
            `held for ${digest.retention_days} days and never released.`,
        ]
      : []),
    `Held leads never released are deleted after ${digest.retention_days} days. npm run leads -- held lists them.`,
  ];

  const textLines = [intro, ''];
  for (const entry of entries) {
    textLines.push(entry.heading, `   ${entry.details}`);
    textLines.push(entry.link ? `   Release: ${entry.link}` : `   Release: ${entry.command}`);
    if (entry.link) textLines.push(`   (or: ${entry.command})`);
    textLines.push('');
  }
  textLines.push(...footer);

  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ol>',
    ...entries.map(
      (entry) =>
        `<li style="margin-bottom:12px"><strong>${escapeHtml(entry.heading.replace(/^\d+\. /, ''))}</strong><br>` +
        `${escapeHtml(entry.details)}<br>` +
        (entry.link
          ? `<a href="${escapeHtml(entry.link)}">Release this lead</a> (or: <code>${escapeHtml(entry.command)}</code>)`
          : `Release: <code>${escapeHtml(entry.command)}</code>`) +
        '</li>',
    ),
    '</ol>',
    ...footer.map((line) => `<p style="color:#666">${escapeHtml(line)}</p>`),
    '</body></html>',
  ].join('');

  return { subject, text: textLines.join('\n'), html, replyTo: undefined };
}

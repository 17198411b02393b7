// Turns a stored lead into the team's notification: subject, plain text, HTML and the Reply-To address.
// Visitor text is data: it is HTML-escaped in the HTML part, and nothing a visitor typed can add a header
// (line breaks and other control characters are removed from everything that becomes a header).
import { holdReasonText } from './hold-reasons.ts';

export type LeadTable = 'consultation_requests' | 'contact_messages';
export type Lead = Record<string, unknown>;
export type Attachment = { filename: string; content: string; contentType: string };
export type Notification = {
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  /** Defaults: NOTIFY_FROM and NOTIFY_TO (the team). Booking messages to a visitor set both. */
  from?: string;
  to?: string[];
  attachments?: Attachment[];
};

export const BUSINESS_TIME_ZONE = 'Australia/Sydney';

const ATTRIBUTION_FIELDS: [key: string, label: string][] = [
  ['surface', 'Surface'],
  ['landing_page', 'Landing page'],
  ['referrer', 'Referrer'],
  ['utm_source', 'UTM source'],
  ['utm_medium', 'UTM medium'],
  ['utm_campaign', 'UTM campaign'],
  ['utm_term', 'UTM term'],
  ['utm_content', 'UTM content'],
  ['submitted_from', 'Submitted from'],
];

// C0 and C1 control characters (CR and LF among them), DEL, and Unicode line/paragraph separators.
// deno-lint-ignore no-control-regex
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const SIMPLE_ADDRESS = /^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+$/;

/** One line, safe as (part of) a mail header. */
export function headerText(value: string, maxLength = 120): string {
  const line = value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** The lead's address when it is one plain address and nothing else; otherwise no Reply-To at all. */
export function replyToAddress(email: unknown): string | undefined {
  return typeof email === 'string' && SIMPLE_ADDRESS.test(email) ? email : undefined;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function formatReceived(createdAt: unknown): string {
  const date = new Date(String(createdAt));
  if (Number.isNaN(date.getTime())) return String(createdAt);
  return new Intl.DateTimeFormat('en-AU', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'long',
  }).format(date);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

function isChatBooking(lead: Lead): boolean {
  const attribution = lead.attribution as Record<string, unknown> | null | undefined;
  if (attribution && typeof attribution === 'object' && attribution.surface === 'chat') return true;
  return /^Source: Website chatbot$/m.test(text(lead.message));
}

function surfaceOf(table: LeadTable, lead: Lead): { request: string; via: string } {
  if (table === 'contact_messages') return { request: 'New demo request', via: 'the /contact form' };
  return isChatBooking(lead)
    ? { request: 'New strategy call request', via: 'the chat assistant' }
    : { request: 'New strategy call request', via: 'the /book form' };
}

/** How the lead came in, as the messages say it: "the /contact form", "the /book form", "the chat assistant". */
export function receivedThrough(table: LeadTable, lead: Lead): string {
  return surfaceOf(table, lead).via;
}

function attributionRows(lead: Lead): [string, string][] {
  const attribution = lead.attribution;
  if (!attribution || typeof attribution !== 'object' || Array.isArray(attribution)) return [];
  const values = attribution as Record<string, unknown>;
  return ATTRIBUTION_FIELDS.filter(([key]) => text(values[key]).trim() !== '').map(([key, label]) => [
    label,
    text(values[key]),
  ]);
}

export function renderNotification(table: LeadTable, lead: Lead): Notification {
  const { request, via } = surfaceOf(table, lead);
  const company = text(lead.company).trim();
  const who = company || `${text(lead.name).trim()} (no company given)`;
  const subject = headerText(`${request} — ${who}`, 150);
  const fields: [string, string][] = [
    ['Name', text(lead.name)],
    ['E-mail', text(lead.email)],
    ['Company', company || '—'],
    ...(table === 'consultation_requests' ? ([['Phone', text(lead.phone) || '—']] as [string, string][]) : []),
    ['Message', text(lead.message) || '—'],
    ['Received', `${formatReceived(lead.created_at)} (${BUSINESS_TIME_ZONE})`],
    ['Received through', via],
    // A lead the submission guard held (issue 36) comes now because it was released: say why it is late.
    ...(lead.hold_reason && lead.released_at
      ? ([
          [
            'Held',
            `${holdReasonText(text(lead.hold_reason))}; released ${formatReceived(lead.released_at)} by ${text(lead.released_by)}`,
          ],
        ] as [string, string][])
      : []),
  ];
  const attribution = attributionRows(lead);
  const reference = `Lead ${text(lead.id)} in ${table}`;

  const textLines = [`${request} through ${via}.`, ''];
  for (const [label, value] of fields) textLines.push(`${label}: ${value}`);
  if (attribution.length > 0) {
    textLines.push('', 'Where the visitor came from:');
    for (const [label, value] of attribution) textLines.push(`${label}: ${value}`);
  }
  textLines.push('', reference, 'Reply to this e-mail to answer the visitor.');

  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
    `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(request)} — ${escapeHtml(who)}</h1>`,
    `<p>Received through ${escapeHtml(via)}.</p>`,
    `<table>${fields.map(row).join('')}</table>`,
    attribution.length > 0
      ? `<h2 style="font-size:15px">Where the visitor came from</h2><table>${attribution.map(row).join('')}</table>`
      : '',
    `<p style="color:#666">${escapeHtml(reference)}. Reply to this e-mail to answer the visitor.</p>`,
    '</body></html>',
  ].join('');

  return { subject, text: textLines.join('\n'), html, replyTo: replyToAddress(lead.email) };
}

// The team's e-mail when a CRM target stops (issue 46, docs/crm.md): the crm-sync function met a failure only people
// can fix (a revoked token, a missing permission or setting, a receiver that refuses) and the database paused the
// target, or the webhook's receiver answered 410 Gone and the database turned the webhook off. The database queues
// this once per pause (queue lead_notification, kind crm_failed, payload {target, error, job_id, change,
// turned_off?}). The e-mail says which CRM, what happened, what to fix in a salesperson's words, that nothing is lost
// while paused, and the exact command that resumes it.
//
// The error is the function's text about a remote answer: it is printed as inert text (no control characters),
// escaped in HTML, and anything shaped like a credential is cut out of it first, in case a remote echoed a request.
// The brand is content/site.json's brandName (_shared/brand.ts), never spelled here.
import { BRAND_NAME } from '../_shared/brand.ts';
import { isCrmTarget, type CrmTarget } from '../_shared/crm-targets.ts';
import { toInertText } from '../_shared/inert-text.ts';
import { escapeHtml, headerText, type Notification } from './render.ts';

/** A crm_failed job's payload, read leniently: a field missing or of another type is null. */
export type CrmFailure = {
  /** null when the payload names no known target. */
  target: CrmTarget | null;
  error: string | null;
  jobId: string | null;
  change: string | null;
  turnedOff: boolean;
};

export function crmFailureOf(payload: unknown): CrmFailure {
  const fields =
    payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
  const string = (key: string) =>
    typeof fields[key] === 'string' && fields[key] !== '' ? (fields[key] as string) : null;
  const target = string('target');
  return {
    target: isCrmTarget(target) ? target : null,
    error: string('error'),
    jobId: string('job_id'),
    change: string('change'),
    turnedOff: fields.turned_off === true,
  };
}

const CRM_NAMES: Record<CrmTarget, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive', webhook: 'the webhook' };

// Credentials a remote could echo back in an error (a request's URL or headers): HubSpot's private app and service
// keys (pat-…), Pipedrive's api_token query parameter and x-api-token header, a bearer token, a Standard Webhooks
// secret (whsec_…). Cut even if the crm-sync function never puts one there.
const SECRET_SHAPES: [RegExp, string][] = [
  [/\b(api_token|access_token|token|secret|password)=[^&\s"']+/gi, '$1=[removed]'],
  [/\b(x-api-token|authorization)(["']?\s*[:=]\s*["']?)(bearer\s+)?[^\s"',}]+/gi, '$1$2[removed]'],
  [/\bbearer\s+[^\s"',}]+/gi, 'Bearer [removed]'],
  [/\bpat-[a-z0-9]+-[a-z0-9-]{8,}/gi, '[removed]'],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, '[removed]'],
];

/** The error as the e-mail shows it: credentials cut out, control characters shown as \u{…}, at most 1,000 characters. */
export function inertError(error: string): string {
  let cleaned = error;
  for (const [shape, replacement] of SECRET_SHAPES) cleaned = cleaned.replace(shape, replacement);
  cleaned = toInertText(cleaned).trim();
  return cleaned.length > 1000 ? `${cleaned.slice(0, 999)}…` : cleaned;
}

type Cause = 'unauthorized' | 'forbidden' | 'not_found' | 'bad_request' | 'missing_setting' | 'unavailable' | 'other';

/** What kind of failure the function's error describes: its HTTP status, or a setting it names as missing. */
export function causeOf(error: string | null): Cause {
  if (!error) return 'other';
  // crm-sync's own words for a setting to fix: "set the HUBSPOT_ACCESS_TOKEN secret", "CRM_WEBHOOK_URL must be …".
  if (/\bset the [A-Z][A-Z_]+\b|\b[A-Z][A-Z_]+ (must be|is not set)\b/.test(error)) return 'missing_setting';
  const status = Number(/(?:^|\bHTTP\/?[\d.]*\s*|\bstatus:?\s*|\banswered\s*)(\d{3})\b/i.exec(error)?.[1]);
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 429 || status >= 500 || /\b(timed out|timeout|network error|could not connect)\b/i.test(error))
    return 'unavailable';
  return 'other';
}

const SET = (names: string) =>
  `in the Supabase project's Edge Function secrets (Dashboard → Edge Functions → Secrets, or \`supabase secrets set ${names}\`)`;

// What to fix, per target and kind of failure, in words for the people who use the CRM; the detail is in docs/crm.md.
const TO_FIX: Record<CrmTarget, Record<Cause, string>> = {
  hubspot: {
    unauthorized:
      'Reconnect HubSpot: HubSpot no longer accepts the access key (it was deleted, rotated or revoked). In HubSpot ' +
      'create a new service key (Development → Keys → Service keys) with the scopes docs/crm.md lists, and set it ' +
      `as HUBSPOT_ACCESS_TOKEN ${SET('HUBSPOT_ACCESS_TOKEN=…')}.`,
    forbidden:
      'HubSpot accepted the access key but refused this change: the key lacks a permission (scope) the sync needs. ' +
      'Add the scopes docs/crm.md lists to the service key in HubSpot (Development → Keys → Service keys); if HubSpot ' +
      `gives a new key after that, set it as HUBSPOT_ACCESS_TOKEN ${SET('HUBSPOT_ACCESS_TOKEN=…')}.`,
    not_found:
      'HubSpot answered that what the sync asked for does not exist: a record may have been deleted in HubSpot, or ' +
      'HUBSPOT_API_BASE points at the wrong address (leave it unset for https://api.hubapi.com).',
    bad_request:
      'HubSpot refused the data as sent, often a property it does not accept (a custom property deleted or ' +
      'renamed in HubSpot). Check the error, fix the property in HubSpot, then resume.',
    missing_setting: `Set HUBSPOT_ACCESS_TOKEN ${SET('HUBSPOT_ACCESS_TOKEN=…')}.`,
    unavailable:
      "HubSpot has not answered properly for a long time. Check HubSpot's status page (status.hubspot.com), then " +
      'resume once it works.',
    other: 'Check the error against docs/crm.md ("What happens when something fails"), fix the cause, then resume.',
  },
  pipedrive: {
    unauthorized:
      'The Pipedrive API token was regenerated or revoked. A Pipedrive API token belongs to one user: it stops ' +
      'working when that user regenerates it, or is deactivated. Copy the current token from Pipedrive (your ' +
      'name → Personal preferences → API) of a user who stays, and set it as PIPEDRIVE_API_TOKEN ' +
      `${SET('PIPEDRIVE_API_TOKEN=…')}.`,
    forbidden:
      'Pipedrive accepted the token but refused this change: the user who owns the token lacks a permission (for ' +
      "example to add leads or activities, or their seat's plan does not allow it). Give that user the " +
      'permission in Pipedrive, or use the token of a user who has it.',
    not_found:
      'Pipedrive answered "not found": PIPEDRIVE_COMPANY_DOMAIN may be wrong (it is the part before ' +
      '.pipedrive.com in your Pipedrive address), or a record was deleted in Pipedrive.',
    bad_request:
      'Pipedrive refused the data as sent, often a field it does not accept (a custom field deleted or renamed in ' +
      'Pipedrive). Check the error, fix the field in Pipedrive, then resume.',
    missing_setting: `Set PIPEDRIVE_API_TOKEN and PIPEDRIVE_COMPANY_DOMAIN ${SET('PIPEDRIVE_API_TOKEN=… PIPEDRIVE_COMPANY_DOMAIN=…')}.`,
    unavailable:
      "Pipedrive has not answered properly for a long time. Check Pipedrive's status page (status.pipedrive.com), " +
      'then resume once it works.',
    other: 'Check the error against docs/crm.md ("What happens when something fails"), fix the cause, then resume.',
  },
  webhook: {
    unauthorized:
      'The webhook receiver refused the signature: CRM_WEBHOOK_SECRET is not the secret the receiver checks with. ' +
      `Set the receiver's secret as CRM_WEBHOOK_SECRET ${SET('CRM_WEBHOOK_SECRET=whsec_…')}, or give the receiver ours.`,
    forbidden:
      'The webhook receiver refused the events (403). Check in the receiving tool (Zapier, Make, n8n, …) that the ' +
      'webhook is switched on and accepts them, and that CRM_WEBHOOK_SECRET is its secret.',
    not_found:
      'The webhook receiver\'s address answered "not found": the webhook in the receiving tool was deleted or ' +
      `moved. Set its current address as CRM_WEBHOOK_URL ${SET('CRM_WEBHOOK_URL=…')}.`,
    bad_request:
      'The webhook receiver refused the event as sent. Check the error and the receiving tool, which may expect ' +
      'another format than the one docs/crm.md documents.',
    missing_setting: `Set CRM_WEBHOOK_URL and CRM_WEBHOOK_SECRET ${SET('CRM_WEBHOOK_URL=… CRM_WEBHOOK_SECRET=whsec_…')}.`,
    unavailable: 'The webhook receiver has not answered properly for a long time. Check that it is up, then resume.',
    other: 'Check the error against docs/crm.md ("What happens when something fails"), fix the cause, then resume.',
  },
};

const CHANGES: Record<string, string> = {
  'lead.created': 'a new lead',
  'booking.created': 'a booked call',
  'booking.moved': 'a call moved',
  'booking.cancelled': 'a call cancelled',
  'call.outcome': "a call's outcome (attended or no-show)",
};

const COPY = {
  subjectPaused: (crm: string, brand: string) => `CRM sync paused: ${crm} stopped taking ${brand}'s leads`,
  subjectOff: (brand: string) => `CRM sync: the webhook is turned off for ${brand}'s leads (410 Gone)`,
  subjectUnknown: (brand: string) => `CRM sync paused for ${brand}'s leads`,
  paused: (crm: string) =>
    `The sync to ${crm} is paused: ${crm} refused a change in a way that trying again will not fix, so no further ` +
    `change is sent to ${crm} until someone fixes the cause and resumes it. You are told once for this pause.`,
  pausedUnknown:
    'A CRM sync target is paused: its CRM refused a change in a way that trying again will not fix. ' +
    '`npm run leads` shows which target is paused.',
  off:
    'The webhook receiver answered 410 Gone, so the webhook is turned off: the receiving tool said this address ' +
    'will never take events again (the webhook was deleted there, or its workflow switched off).',
  unknownFix:
    'Check the error against docs/crm.md ("What happens when something fails") for the target `npm run leads` ' +
    'shows as paused, fix the cause, then resume that target.',
  offFix:
    'Set up the webhook again in the receiving tool (Zapier, Make, n8n, …), set its new address as CRM_WEBHOOK_URL ' +
    `${SET('CRM_WEBHOOK_URL=…')}, then turn the webhook back on.`,
  happened: 'What happened',
  toFix: 'What to fix',
  failed: (change: string, jobId: string | null) =>
    `The change that stopped it: ${CHANGES[change] ? `${CHANGES[change]} (${change})` : change}` +
    `${jobId ? `, job ${jobId}` : ''}.`,
  error: (error: string) => `The error: ${error}`,
  noError: 'The error: none was recorded.',
  nothingLost: (crm: string) =>
    `Nothing is lost: new leads, bookings and outcomes keep being queued for ${crm} while it is paused, and they go ` +
    'out in order once it is resumed. The website, the e-mails and the calendars are not affected.',
  offLost:
    'The changes that were waiting for the webhook were given up, and new ones are not queued for it while it is ' +
    'off. `npm run leads` lists the given-up ones; once it is on again, `npm run leads -- crm retry <job id>` sends ' +
    'one again. The website, the e-mails, the calendars and the other CRMs are not affected.',
  resume: 'Then resume it',
  turnOn: 'Then turn it on again',
  command: (command: string) =>
    `${command}\n(on a hosted project, with its SUPABASE_URL and SUPABASE_SECRET_KEY set in your shell; docs/crm.md)`,
  footer: (brand: string) =>
    `${brand} CRM sync. Each change's state per CRM: npm run leads. How the sync works and how to check it: docs/crm.md.`,
};

export function crmCommand(action: 'resume' | 'on', target: CrmTarget | null): string {
  return `npm run leads -- crm ${action} ${target ?? '<target>'}`;
}

/** The team's e-mail about a stopped CRM target: subject, plain text and HTML (the sections as paragraphs). */
export function renderCrmFailed(failure: CrmFailure): Notification {
  const { target } = failure;
  const crm = target ? CRM_NAMES[target] : 'the CRM';
  const off = failure.turnedOff && target === 'webhook';
  const error = failure.error === null ? null : inertError(failure.error);
  const subject = headerText(
    off ? COPY.subjectOff(BRAND_NAME) : target ? COPY.subjectPaused(crm, BRAND_NAME) : COPY.subjectUnknown(BRAND_NAME),
    150,
  );
  const happened = [
    off ? COPY.off : target ? COPY.paused(crm) : COPY.pausedUnknown,
    error === null ? COPY.noError : COPY.error(error),
    ...(failure.change ? [COPY.failed(inertError(failure.change), failure.jobId && inertError(failure.jobId))] : []),
  ];
  const toFix = off ? COPY.offFix : target ? TO_FIX[target][causeOf(failure.error)] : COPY.unknownFix;
  const command = crmCommand(off ? 'on' : 'resume', target);
  const sections: [heading: string, paragraphs: string[]][] = [
    [COPY.happened, [...happened, off ? COPY.offLost : COPY.nothingLost(crm)]],
    [COPY.toFix, [toFix]],
    [off ? COPY.turnOn : COPY.resume, [COPY.command(command)]],
  ];
  const footer = COPY.footer(BRAND_NAME);

  const text = [
    ...sections.flatMap(([heading, paragraphs]) => [`${heading.toUpperCase()}`, ...paragraphs.map((p) => `${p}\n`)]),
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(subject)}</h1>`,
    ...sections.flatMap(([heading, paragraphs]) => [
      `<h2 style="font-size:15px">${escapeHtml(heading)}</h2>`,
      ...paragraphs.map((paragraph) =>
        paragraph.startsWith(command)
          ? `<p><code>${escapeHtml(command)}</code><br>${escapeHtml(paragraph.slice(command.length).trim())}</p>`
          : `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`,
      ),
    ]),
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html, replyTo: undefined };
}

// The booking messages (issue 33): the visitor's confirmation, update, cancellation and reminders, and the team's
// notice of each booking, move and cancellation, with the calendar invitation attached. Times are written from
// IANA zone names with Intl (never a fixed offset), in the zone the visitor chose and in the team's, each with its
// offset at that instant, so a call across a daylight-saving change reads right in both.
// Visitor text is data: escaped in HTML, never in a header (see render.ts).
import {
  addressOf,
  BRAND_NAME,
  manageLink,
  namedHost,
  paragraphsToHtml,
  text,
  UnrenderableJob,
  type BookingContext,
} from './booking-context.ts';
import { renderCalendarFailed, renderHostReminder } from './host-messages.ts';
import { buildInvitation, type InvitationMethod, type Person } from './ical.ts';
import type { BookingMessageKind, ClaimedBookingJob } from './queue.ts';
import { escapeHtml, headerText, replyToAddress, type Notification } from './render.ts';
import { describeTime, offsetAt, part, placeOf, shortTime } from './times.ts';

export { BRAND_NAME, describeTime, UnrenderableJob, type BookingContext };

const METHOD: Record<BookingMessageKind, InvitationMethod | null> = {
  booked: 'REQUEST',
  moved: 'REQUEST',
  cancelled: 'CANCEL',
  reminder_24h: null,
  reminder_1h: null,
  calendar_failed: null,
};

export function renderBookingMessage(job: ClaimedBookingJob, context: BookingContext): Notification {
  const { booking, request } = job;
  if (!booking || !request) throw new UnrenderableJob('the booking no longer exists');
  if (job.recipient === 'host') return renderHostReminder({ ...job, booking, request }, context);
  if (job.kind === 'calendar_failed') return renderCalendarFailed({ ...job, booking, request }, context);
  const host = namedHost(job.host);
  const teamZone = job.team?.time_zone ?? 'Australia/Sydney';
  const visitorZone = booking.visitor_time_zone;
  const startsAt = new Date(job.starts_at);
  const endsAt = new Date(job.ends_at);
  const minutes = Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
  const name = text(request.name).trim();
  const company = text(request.company).trim();
  const visitor: Person = { name: name || booking.email, email: booking.email };
  const organizer: Person = { name: BRAND_NAME, email: addressOf(context.teamFrom) };
  const message =
    job.recipient === 'visitor'
      ? visitorMessage(job, context, { visitorZone, teamZone, startsAt, minutes, name, host })
      : teamMessage(job, { visitorZone, teamZone, startsAt, minutes, name, company, request, email: booking.email });

  const method = METHOD[job.kind];
  const attachments = method
    ? [
        {
          filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
          contentType: `text/calendar; method=${method}; charset=utf-8`,
          content: buildInvitation({
            method,
            bookingId: booking.id,
            siteUrl: context.siteUrl,
            sequence: job.sequence,
            startsAt,
            endsAt,
            summary:
              job.recipient === 'visitor'
                ? `Strategy call with ${host ? `${host.name} (${BRAND_NAME})` : BRAND_NAME}`
                : `Strategy call — ${company || name || booking.email}`,
            description: message.calendarText,
            organizer,
            host,
            attendees:
              job.recipient === 'visitor'
                ? [visitor]
                : [visitor, ...context.team.map((email) => ({ name: `${BRAND_NAME} team`, email }))],
            url:
              job.recipient === 'visitor' && booking.manage_token
                ? manageLink(context.siteUrl, booking.manage_token)
                : undefined,
            stamp: context.now,
          }),
        },
      ]
    : undefined;

  return {
    subject: headerText(message.subject, 150),
    text: message.text,
    html: message.html,
    from: job.recipient === 'visitor' ? context.visitorFrom : context.teamFrom,
    to: job.recipient === 'visitor' ? [booking.email] : context.team,
    replyTo:
      job.recipient === 'visitor' ? replyToAddress(addressOf(context.team[0] ?? '')) : replyToAddress(booking.email),
    attachments,
  };
}

type Rendered = { subject: string; text: string; html: string; calendarText: string };

function visitorMessage(
  job: ClaimedBookingJob,
  context: BookingContext,
  details: { visitorZone: string; teamZone: string; startsAt: Date; minutes: number; name: string; host?: Person },
): Rendered {
  const { visitorZone, teamZone, startsAt, minutes, name, host } = details;
  const hostLine = host ? [`You will meet ${host.name}.`] : [];
  const when = describeTime(startsAt, visitorZone);
  const place = placeOf(visitorZone);
  const subjectWhen = `${shortTime(startsAt, visitorZone)} (${place} time)`;
  const token = job.booking?.manage_token;
  const link = token ? manageLink(context.siteUrl, token) : `${context.siteUrl}/book`;
  const teamLine =
    offsetAt(startsAt, teamZone) === offsetAt(startsAt, visitorZone) && placeOf(teamZone) === place
      ? []
      : [`For our team in ${placeOf(teamZone)} that is ${describeTime(startsAt, teamZone)}.`];
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const changeLine = `Need another time, or can't make it? Change or cancel your call here:\n${link}`;
  const signOff = `Kind regards,\n${BRAND_NAME}`;

  let subject: string;
  let paragraphs: string[];
  switch (job.kind) {
    case 'booked':
      subject = `Your strategy call with ${BRAND_NAME} is booked: ${subjectWhen}`;
      paragraphs = [
        greeting,
        `Your ${minutes}-minute strategy call with ${BRAND_NAME} is booked for ${when}.`,
        ...hostLine,
        ...teamLine,
        'The calendar invitation is attached: open it to add the call to your calendar.',
        changeLine,
        signOff,
      ];
      break;
    case 'moved': {
      const before = job.previous_starts_at ? describeTime(new Date(job.previous_starts_at), visitorZone) : undefined;
      subject = `Your strategy call with ${BRAND_NAME} has moved to ${subjectWhen}`;
      paragraphs = [
        greeting,
        `Your strategy call with ${BRAND_NAME} has moved. The new time is ${when}.${before ? `\n(It was ${before}.)` : ''}`,
        ...hostLine,
        ...teamLine,
        'The updated invitation is attached: your calendar replaces the old time with the new one.',
        changeLine,
        signOff,
      ];
      break;
    }
    case 'cancelled':
      subject = `Cancelled: your strategy call with ${BRAND_NAME} on ${subjectWhen}`;
      paragraphs = [
        greeting,
        `Your strategy call with ${BRAND_NAME} on ${when} is cancelled.`,
        'The attached cancellation removes it from your calendar.',
        `If you would like to talk another time, book a new call at ${context.siteUrl}/book.`,
        signOff,
      ];
      break;
    case 'reminder_24h':
      subject = `Reminder: your strategy call with ${BRAND_NAME}, ${subjectWhen}`;
      paragraphs = [
        greeting,
        `A reminder of your ${minutes}-minute strategy call with ${BRAND_NAME}, tomorrow at this time: ${when}.`,
        ...hostLine,
        ...teamLine,
        changeLine,
        signOff,
      ];
      break;
    case 'reminder_1h':
      subject = `In 1 hour: your strategy call with ${BRAND_NAME} at ${part(startsAt, visitorZone, {
        hour: 'numeric',
        minute: '2-digit',
      })} (${place} time)`;
      paragraphs = [
        greeting,
        `Your ${minutes}-minute strategy call with ${BRAND_NAME} starts in 1 hour: ${when}.`,
        ...hostLine,
        changeLine,
        signOff,
      ];
      break;
    case 'calendar_failed':
      throw new UnrenderableJob('a calendar_failed message goes to the team only');
  }
  const body = paragraphs.join('\n\n');
  return {
    subject,
    text: body,
    html: paragraphsToHtml(paragraphs),
    calendarText: token ? `To change or cancel this call: ${link}` : `${BRAND_NAME} strategy call`,
  };
}

const TEAM_HEADLINE: Record<BookingMessageKind, string> = {
  booked: 'Call booked',
  moved: 'Call moved',
  cancelled: 'Call cancelled',
  reminder_24h: 'Reminder',
  reminder_1h: 'Reminder',
  calendar_failed: 'Calendar not updated',
};

function teamMessage(
  job: ClaimedBookingJob,
  details: {
    visitorZone: string;
    teamZone: string;
    startsAt: Date;
    minutes: number;
    name: string;
    company: string;
    email: string;
    request: Record<string, unknown>;
  },
): Rendered {
  const { visitorZone, teamZone, startsAt, minutes, name, company, email, request } = details;
  const who = company || `${name} (no company given)`;
  const phone = text(request.phone).trim();
  const headline = TEAM_HEADLINE[job.kind];
  const subject = `${headline} — ${who}, ${job.kind === 'moved' ? 'now ' : ''}${shortTime(startsAt, teamZone)} (${placeOf(teamZone)} time)`;
  const fields: [string, string][] = [
    [job.kind === 'cancelled' ? 'Was booked for' : 'When', describeTime(startsAt, teamZone)],
    ...(job.kind === 'moved' && job.previous_starts_at
      ? ([['Moved from', describeTime(new Date(job.previous_starts_at), teamZone)]] as [string, string][])
      : []),
    ['Visitor’s time', `${describeTime(startsAt, visitorZone)}, zone ${visitorZone}`],
    ['Length', `${minutes} minutes`],
    ['Host', job.host ? `${job.host.name}${job.host.email ? ` (${job.host.email})` : ''}` : '—'],
    ['Name', name || '—'],
    ['Company', company || '—'],
    ['E-mail', email],
    ['Phone', phone ? `${phone} (for a reminder call)` : '— (none given)'],
    ['Their request', text(request.message).trim() || '—'],
  ];
  const intro = {
    booked:
      'A strategy call was booked on the website. The invitation is attached: open it to add the call to your calendar.',
    moved: 'The visitor moved their strategy call. The updated invitation is attached and replaces the old time.',
    cancelled:
      'A strategy call was cancelled. The attached cancellation removes it from your calendar; the time is free again.',
    reminder_24h: '',
    reminder_1h: '',
    calendar_failed: '',
  }[job.kind];
  const reference = `Booking ${text(job.booking?.id)} (request ${text(request.id)}).`;
  const operator =
    job.kind === 'cancelled'
      ? ''
      : `To move or cancel it for the visitor: npm run leads -- booking move ${text(job.booking?.id)} <new time> | booking cancel ${text(job.booking?.id)}`;
  const lines = [intro, '', ...fields.map(([label, value]) => `${label}: ${value}`), '', reference];
  if (operator) lines.push(operator);
  lines.push('Reply to this e-mail to answer the visitor.');
  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
    `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(headline)} — ${escapeHtml(who)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${fields.map(row).join('')}</table>`,
    `<p style="color:#666">${escapeHtml(reference)}${operator ? `<br>${escapeHtml(operator)}` : ''}<br>Reply to this e-mail to answer the visitor.</p>`,
    '</body></html>',
  ].join('');
  const calendarText = [
    `${headline}: ${who}`,
    `Name: ${name || '—'}`,
    `E-mail: ${email}`,
    `Phone: ${phone || '— (none given)'}`,
    `Visitor's time: ${describeTime(startsAt, visitorZone)}`,
  ].join('\n');
  return { subject, text: lines.join('\n'), html, calendarText };
}

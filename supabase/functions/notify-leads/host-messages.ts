// The booking messages about the hosts (issue 34): the host's 1-hour reminder, with the link to record after the
// call who turned up, and the team's notice that a host's calendar could not be updated (a calendar write the
// calendar-sync function gave up), with what to do by hand. Visitor text is data: escaped in HTML, never in a
// header (render.ts).
import {
  addressOf,
  BRAND_NAME,
  outcomeLink,
  paragraphsToHtml,
  text,
  UnrenderableJob,
  type BookingContext,
} from './booking-context.ts';
import { buildInvitation } from './ical.ts';
import type { ClaimedBookingJob } from './queue.ts';
import { headerText, replyToAddress, type Notification } from './render.ts';
import { describeTime, part, placeOf, shortTime } from './times.ts';

type Claimed = ClaimedBookingJob & {
  booking: NonNullable<ClaimedBookingJob['booking']>;
  request: NonNullable<ClaimedBookingJob['request']>;
};

function visitorOf(job: Claimed) {
  const name = text(job.request.name).trim();
  const company = text(job.request.company).trim();
  return { name, company, who: `${name || job.booking.email}${company ? ` (${company})` : ''}` };
}

/** The host's reminder an hour before the call: who they meet, how to reach them, and the outcome link. */
export function renderHostReminder(job: Claimed, context: BookingContext): Notification {
  const host = job.host;
  if (!host?.email) throw new UnrenderableJob('the host has no e-mail address');
  const startsAt = new Date(job.starts_at);
  const minutes = Math.round((Date.parse(job.ends_at) - startsAt.getTime()) / 60_000);
  const { who } = visitorOf(job);
  const phone = text(job.request.phone).trim();
  const token = job.booking.outcome_token;
  const paragraphs = [
    `Hello ${host.name},`,
    `Your ${minutes}-minute strategy call with ${who} starts in 1 hour: ${describeTime(startsAt, host.time_zone)}.`,
    [
      `E-mail: ${job.booking.email}`,
      `Phone: ${phone || '— (none given)'}`,
      `Their time: ${describeTime(startsAt, job.booking.visitor_time_zone)}`,
      `Their request: ${text(job.request.message).trim() || '—'}`,
    ].join('\n'),
    ...(token
      ? [`After the call, record who turned up (attended, no-show or moved):\n${outcomeLink(context.siteUrl, token)}`]
      : []),
    `${BRAND_NAME} bookings`,
  ];
  return {
    subject: headerText(
      `In 1 hour: strategy call with ${who} at ${part(startsAt, host.time_zone, { hour: 'numeric', minute: '2-digit' })} (${placeOf(host.time_zone)} time)`,
      150,
    ),
    text: paragraphs.join('\n\n'),
    html: paragraphsToHtml(paragraphs),
    from: context.teamFrom,
    to: [host.email],
    replyTo: replyToAddress(job.booking.email),
  };
}

/**
 * The team's notice of a calendar write given up: which booking, which host, the error, and what to do. A put
 * comes with the invitation to add by hand (the same UID and SEQUENCE, so a later change replaces it); a delete
 * says to remove the event. A put for a call cancelled since needs nothing.
 */
export function renderCalendarFailed(job: Claimed, context: BookingContext): Notification {
  const write = job.calendar_write;
  if (!write) throw new UnrenderableJob('the calendar write no longer exists');
  const teamZone = job.team?.time_zone ?? 'Australia/Sydney';
  const hostName = job.host?.name ?? 'the host';
  const startsAt = new Date(job.starts_at);
  const { who } = visitorOf(job);
  const when = describeTime(startsAt, teamZone);
  const stillBooked = job.booking.status === 'booked';
  const todo =
    write.action === 'delete'
      ? `Remove the call "Strategy call — ${who}" on ${when} from ${hostName}'s calendar by hand.`
      : stillBooked
        ? `Add the call to ${hostName}'s calendar by hand: open the attached invitation (the same event as the visitor's, so a later change replaces it instead of doubling it).`
        : 'Nothing to add: the call has been cancelled since.';
  const lines = [
    `${hostName}'s calendar could not be ${write.action === 'delete' ? 'cleared of' : 'given'} this call after ${write.attempts} attempt(s), and the calendar sync has given up. The booking stands and the visitor has their invitation.`,
    '',
    `Booking: ${job.booking.id}`,
    `Call: ${who}, ${when}`,
    `Host: ${hostName}${job.host?.email ? ` (${job.host.email})` : ''}`,
    `Error: ${write.last_error ?? 'unknown error'}`,
    '',
    `What to do: ${todo}`,
    "Then check the host's calendar connection: npm run leads -- hosts (the calendar's address and CALDAV_ACCOUNTS).",
  ];
  const attach = write.action === 'put' && stillBooked;
  return {
    subject: headerText(
      `Calendar not updated — ${who}, ${shortTime(startsAt, teamZone)} (${hostName}'s calendar)`,
      150,
    ),
    text: lines.join('\n'),
    html: paragraphsToHtml(lines.join('\n').split('\n\n')),
    from: context.teamFrom,
    to: context.team,
    replyTo: replyToAddress(job.booking.email),
    attachments: attach
      ? [
          {
            filename: 'invite.ics',
            contentType: 'text/calendar; method=REQUEST; charset=utf-8',
            content: buildInvitation({
              method: 'REQUEST',
              bookingId: job.booking.id,
              siteUrl: context.siteUrl,
              sequence: job.sequence,
              startsAt,
              endsAt: new Date(job.ends_at),
              summary: `Strategy call — ${who}`,
              description: `Booking ${job.booking.id}`,
              organizer: { name: BRAND_NAME, email: addressOf(context.teamFrom) },
              host: job.host?.email ? { name: job.host.name, email: job.host.email } : undefined,
              attendees: [{ name: visitorOf(job).name || job.booking.email, email: job.booking.email }],
              stamp: context.now,
            }),
          },
        ]
      : undefined,
  };
}

// What a marketer may write in content/booking.json: every text of picking a time after a strategy-call
// request (on /book and in the chat) and of the change/cancel page the confirmation e-mail links to.
// Placeholders filled in at run time: {day}, {time}, {zone} (the visitor's), {teamZone}, {email}. Once a time is
// booked on /book, `booked.confirmation` and `booked.callDetails` stand in for the lines around it that speak of a
// time still to be found (the form's confirmation, pages/book.json's callDetails points).
import { z } from 'zod';
import { pageMeta } from '../../content-model/schemas';
import { text } from '../../content-model/zod-helpers';

export const withEmail = (what: string) =>
  text(what).regex(/\{email\}/, `${what} must contain {email}, where the site's e-mail address is shown as a link`);

const calendarLinks = z
  .object({
    heading: text('heading'),
    icsLabel: text('icsLabel'),
    googleLabel: text('googleLabel'),
    outlookLabel: text('outlookLabel'),
    eventTitle: text('eventTitle'),
    eventDescription: text('eventDescription'),
  })
  .strict();

export const bookingCopy = z
  .object({
    picker: z
      .object({
        title: text('title'),
        intro: text('intro'),
        zoneNote: text('zoneNote').regex(/\{zone\}/, 'zoneNote must contain {zone}, the visitor’s time zone'),
        teamZoneNote: text('teamZoneNote').regex(/\{teamZone\}/, 'teamZoneNote must contain {teamZone}'),
        changeZoneLabel: text('changeZoneLabel'),
        zoneHint: text('zoneHint'),
        zoneDeviceGroup: text('zoneDeviceGroup'),
        zoneTeamGroup: text('zoneTeamGroup'),
        zoneAllGroup: text('zoneAllGroup'),
        zoneLoading: text('zoneLoading'),
        zoneNoMatch: text('zoneNoMatch'),
        loading: text('loading'),
        noTimes: withEmail('noTimes'),
        laterLabel: text('laterLabel'),
        earlierLabel: text('earlierLabel'),
        confirmQuestion: text('confirmQuestion'),
        confirmLabel: text('confirmLabel'),
        confirmingLabel: text('confirmingLabel'),
        pickAnotherLabel: text('pickAnotherLabel'),
        waitLabel: text('waitLabel'),
        waitConfirmation: text('waitConfirmation'),
        taken: text('taken'),
        unavailable: text('unavailable'),
        holdExpired: text('holdExpired'),
        noRequest: withEmail('noRequest'),
        alreadyBooked: text('alreadyBooked'),
        senderLimit: withEmail('senderLimit'),
        failure: withEmail('failure'),
        retryLabel: text('retryLabel'),
      })
      .strict(),
    booked: z
      .object({
        title: text('title'),
        when: text('when'),
        teamTime: text('teamTime'),
        manageLabel: text('manageLabel'),
        calendar: calendarLinks,
        /** The confirmation view's title and text once a time is booked (booking-form.json's before). */
        confirmation: z.object({ title: text('title'), text: text('text') }).strict(),
        /** The points of the box beside the form on /book once a time is booked (pages/book.json's before). */
        callDetails: z.object({ points: z.array(text('point')).min(1, 'points needs at least one line') }).strict(),
      })
      .strict(),
    manage: z
      .object({
        meta: pageMeta,
        title: text('title'),
        loading: text('loading'),
        notFound: withEmail('notFound'),
        when: text('when'),
        moveHeading: text('moveHeading'),
        moveConfirmLabel: text('moveConfirmLabel'),
        moved: text('moved'),
        cancelLabel: text('cancelLabel'),
        cancelQuestion: text('cancelQuestion'),
        cancelConfirmLabel: text('cancelConfirmLabel'),
        keepLabel: text('keepLabel'),
        cancelled: text('cancelled'),
        bookAgainLabel: text('bookAgainLabel'),
        past: withEmail('past'),
      })
      .strict(),
  })
  .strict();

export type BookingCopy = z.infer<typeof bookingCopy>;

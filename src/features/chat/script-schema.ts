// The chat assistant's script (content/chat.json): every sentence the bot says, the words it listens for
// and the widget's labels. Only objects, strings and arrays are used, so the GraphQL type can be derived
// from this schema like the other content types.
import { z } from 'zod';
import { collectionNotice, link } from '../../content-model/schemas';
import { notWording } from '../../content-model/wording';
import { text } from '../../content-model/zod-helpers';
import type { StepId } from './state';

/** Words or short phrases the bot listens for; matched as whole words, case-insensitively. */
const phrases = (what: string) =>
  notWording(
    z
      .array(text(`each of ${what}`), { error: `${what} must be a list of words or phrases` })
      .min(1, `${what} needs at least one word or phrase`),
  );

const withEmailPlaceholder = (what: string) =>
  text(what).refine((value) => value.includes('{email}'), {
    message: `${what} must contain {email}, where the site's contact e-mail address is inserted`,
  });

const requiredStep = z.object({ prompt: text('prompt'), invalid: text('invalid') }).strict();
const optionalStep = z.object({ prompt: text('prompt') }).strict();

/** The texts of each booking step; the steps and their order are STEP_IDS (state.ts), checked here by type. */
const stepTexts = {
  full_name: requiredStep,
  email: requiredStep,
  company: requiredStep,
  timezone: requiredStep,
  preferred_datetime: requiredStep,
  website: optionalStep,
  phone: optionalStep,
} satisfies Record<StepId, z.ZodType>;

/** A clock time of the visitor's day, "HH:MM" (24-hour; "24:00" is the end of the day). */
const clock = (what: string) =>
  notWording(
    text(what).regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, `${what} must be a time as HH:MM, e.g. 09:00 or 17:30`),
  );

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
}

/** A time zone the visitor may name, and the words that name it ("Perth", "AWST", "WA"). */
const zoneWords = z
  .object({
    zone: notWording(
      text('zone').refine(isIanaZone, {
        message:
          'zone must be an IANA time zone name such as Australia/Perth (see the list at https://en.wikipedia.org/wiki/List_of_tz_database_time_zones)',
      }),
    ),
    words: phrases('words'),
  })
  .strict();

/** A part of the day the visitor may name ("morning"), and the hours of their clock it means. */
const timeOfDay = z.object({ from: clock('from'), until: clock('until'), words: phrases('words') }).strict();

/**
 * Booking a real time after the request is saved (issue 33): the texts of the offer of free times and its
 * answers, and the words the preferred-time and timezone answers are read with (src/features/booking/time-preference.ts).
 */
const callTimes = z
  .object({
    /** {preference}: the visitor's words; {zone}: the time zone the times are shown in. */
    pickTime: text('pickTime'),
    pickTimeNoMatch: text('pickTimeNoMatch'),
    more: text('more'),
    /**
     * Asked instead of offering times when the visitor's words rule something out that the parser cannot place ("not
     * when I'm on site"); {preference}: the visitor's words. The answer is read as the new preferred time.
     */
    clarify: text('clarify').refine((value) => value.includes('{preference}'), {
      message: "clarify must contain {preference}, where the visitor's words are inserted",
    }),
    /** {zone}: the device's zone; {answer}: what the visitor said at the timezone question. */
    deviceZone: text('deviceZone'),
    offsetZone: text('offsetZone'),
    noTimes: withEmailPlaceholder('noTimes'),
    noMore: text('noMore'),
    taken: text('taken'),
    unavailable: text('unavailable'),
    /** {day}, {time}, {zone} of the booked call; teamTime adds {teamZone}, the team's. */
    booked: text('booked'),
    teamTime: text('teamTime'),
    manageLabel: text('manageLabel'),
    manage: text('manage'),
    /** A visitor who booked a time in this conversation says they have booked (booking.alreadyBooked otherwise). */
    bookedHere: text('bookedHere'),
    waiting: text('waiting'),
    failure: withEmailPlaceholder('failure'),
    noRequest: withEmailPlaceholder('noRequest'),
    alreadyBooked: withEmailPlaceholder('alreadyBooked'),
    /** The visitor's connection or network has as many times held or booked as one sender may. */
    senderLimit: withEmailPlaceholder('senderLimit'),
    stillWorking: text('stillWorking'),
    noBookingToChange: withEmailPlaceholder('noBookingToChange'),
    otherTimesLabel: text('otherTimesLabel'),
    waitLabel: text('waitLabel'),
    otherTimesWords: phrases('otherTimesWords'),
    waitWords: phrases('waitWords'),
    changeWords: phrases('changeWords'),
    zones: z.array(zoneWords).min(1, 'zones needs at least one time zone'),
    offsetWords: phrases('offsetWords'),
    weekdays: z
      .object({
        monday: phrases('monday'),
        tuesday: phrases('tuesday'),
        wednesday: phrases('wednesday'),
        thursday: phrases('thursday'),
        friday: phrases('friday'),
        saturday: phrases('saturday'),
        sunday: phrases('sunday'),
      })
      .strict(),
    todayWords: phrases('todayWords'),
    tomorrowWords: phrases('tomorrowWords'),
    nextWeekWords: phrases('nextWeekWords'),
    workdayWords: phrases('workdayWords'),
    weekendWords: phrases('weekendWords'),
    months: z
      .object({
        january: phrases('january'),
        february: phrases('february'),
        march: phrases('march'),
        april: phrases('april'),
        may: phrases('may'),
        june: phrases('june'),
        july: phrases('july'),
        august: phrases('august'),
        september: phrases('september'),
        october: phrases('october'),
        november: phrases('november'),
        december: phrases('december'),
      })
      .strict(),
    timesOfDay: z.array(timeOfDay).min(1, 'timesOfDay needs at least one part of the day'),
    afterWords: phrases('afterWords'),
    beforeWords: phrases('beforeWords'),
    rangeWords: phrases('rangeWords'),
    amWords: phrases('amWords'),
    pmWords: phrases('pmWords'),
    /** Rule out the days and times after them ("not Friday", "no mornings"); followed by none, nothing is ruled out. */
    notWords: phrases('notWords'),
    /** Rule out the days and times after them ("except Monday"); followed by none, the chat asks (clarify). */
    exceptWords: phrases('exceptWords'),
    /** Rule out the days and times before them ("fridays are out", "mondays don't work"). */
    outWords: phrases('outWords'),
    /** A "no" or "not" that rules nothing out ("not fussed", "no worries"). */
    noMatterWords: phrases('noMatterWords'),
    /** After a not or except word, a time the words cannot place ("not *when* I'm on site"): the chat asks (clarify). */
    unclearWords: phrases('unclearWords'),
  })
  .strict();

const topic = z
  .object({
    id: notWording(text('id').regex(/^[a-z0-9-]+$/, 'id must be lowercase letters, digits and dashes, e.g. pricing')),
    keywords: phrases('keywords'),
    reply: text('reply'),
    /** Said instead of reply once a time is booked in this conversation, where reply would speak of finding one. */
    bookedReply: text('bookedReply').optional(),
    /** Links shown under the reply; may be empty. */
    links: z.array(link, { error: 'links must be a list (it may be empty)' }),
    /** The reply ends with the offer to book a call (offer.question) until the visitor has declined it. */
    offer: z.boolean({ error: 'offer must be true or false' }),
  })
  .strict();

export const chatScript = z
  .object({
    ui: z
      .object({
        launcherLabel: text('launcherLabel'),
        panelTitle: text('panelTitle'),
        panelSubtitle: text('panelSubtitle'),
        closeLabel: text('closeLabel'),
        restartLabel: text('restartLabel'),
        inputLabel: text('inputLabel'),
        inputPlaceholder: text('inputPlaceholder'),
        inputHint: text('inputHint'),
        sendLabel: text('sendLabel'),
        typingLabel: text('typingLabel'),
        conversationLabel: text('conversationLabel'),
        botName: text('botName'),
        visitorName: text('visitorName'),
        suggestionsLabel: text('suggestionsLabel'),
      })
      .strict(),
    greeting: text('greeting'),
    /** Labels of the suggested-reply buttons; pressing one sends its label as the visitor's message. */
    suggestions: z
      .object({
        bookCall: text('bookCall'),
        skip: text('skip'),
        retry: text('retry'),
        cancel: text('cancel'),
        /** Shown while the bot asks whether to discard the answers: confirm, or carry on. */
        confirmCancel: text('confirmCancel'),
        keepBooking: text('keepBooking'),
        /** Shown under the offer to book a call: accept, or decline. */
        acceptOffer: text('acceptOffer'),
        declineOffer: text('declineOffer'),
      })
      .strict(),
    booking: z
      .object({
        /**
         * A message that mentions one of these asks for a call, unless the mention is about the call ("how long is
         * the call?"), about what the product does ("can it book jobs?") or the message says one is booked already.
         */
        triggers: phrases('triggers'),
        /** A message that contains one of these asks for a call, whatever else it says ("give us a bell"). */
        wishes: phrases('wishes'),
        /**
         * With one of workingWords after it, a wish to see the product working, which asks for a call: "can I *see* it
         * *working*", "*show* me what the agent *looks like*". Not when it follows a product subject ("does *the bot
         * show* my prices?").
         */
        seeWords: phrases('seeWords'),
        workingWords: phrases('workingWords'),
        /**
         * With one of inviteWords after it, a wish to be sent an invitation or a meeting link, which asks for a call:
         * "can you *send* me a *calendar invite*", "*flick* me a *zoom link*". Not when it follows a product subject
         * ("does *the bot send* calendar invites?").
         */
        sendWords: phrases('sendWords'),
        inviteWords: phrases('inviteWords'),
        /** What the product is called in a question about it: "can *the bot* book meetings?" is not a request. */
        productSubjects: phrases('productSubjects'),
        /** Words of a question about the call itself ("how long", "agenda"): a trigger beside them is no request. */
        aboutTheCall: phrases('aboutTheCall'),
        /** A message with one of these says a call is booked already ("booked it already", "I've booked"). */
        bookedPhrases: phrases('bookedPhrases'),
        /** With one of bookedWords, also says so: "*already* got a time *booked*". */
        alreadyWords: phrases('alreadyWords'),
        bookedWords: phrases('bookedWords'),
        /** Words of a question ("how much", "what"): a request for a call with one also gets the topic's answer. */
        questionWords: phrases('questionWords'),
        alreadyBooked: withEmailPlaceholder('alreadyBooked'),
        start: text('start'),
        /** Shown above the message box while a booking is in progress, with a link to the privacy policy. */
        privacyNotice: collectionNotice,
        steps: z.object(stepTexts).strict(),
        timeOfDayWords: phrases('timeOfDayWords'),
        meridiemWords: phrases('meridiemWords'),
        websiteSkipWords: phrases('websiteSkipWords'),
        noPhoneWords: phrases('noPhoneWords'),
        /** A message that is one of these, apart from filler words, asks to cancel ("stop", "cancel the booking"). */
        cancelRequests: phrases('cancelRequests'),
        /** A message without data (digits, @, a web address) that contains one of these asks to cancel. */
        cancelPhrases: phrases('cancelPhrases'),
        /** Single words ignored when deciding whether a whole message is a request ("oh, cancel please" is "cancel"). */
        fillerWords: phrases('fillerWords'),
        /** Replies to confirmCancel: discard the answers, or keep them and carry on. */
        confirmCancelWords: phrases('confirmCancelWords'),
        keepBookingWords: phrases('keepBookingWords'),
        retryWords: phrases('retryWords'),
        confirmCancel: text('confirmCancel'),
        bookingKept: text('bookingKept'),
        cancelled: text('cancelled'),
        nothingToCancel: text('nothingToCancel'),
        stillSaving: text('stillSaving'),
        tooLong: text('tooLong').refine((value) => value.includes('{max}'), {
          message: 'tooLong must contain {max}, where the longest accepted answer (in characters) is inserted',
        }),
        retryPrompt: text('retryPrompt'),
        interrupted: text('interrupted'),
        success: text('success'),
        failure: withEmailPlaceholder('failure'),
      })
      .strict(),
    /** Replies chosen by keyword outside a booking; the topic with most matching keywords wins, ties go to the first. */
    topics: z.array(topic).min(1, 'topics needs at least one topic'),
    offTopic: z.object({ keywords: phrases('keywords'), reply: text('reply') }).strict(),
    /**
     * The offer to book a call, asked after the fallback, after topics marked offer, and after any topic when the
     * visitor sounds ready (readyWords) or asks a price (quoteWords: "how much would the receptionist cost?"). The visitor's next message is read against it: yesWords start the
     * booking, noWords get `declined` and the offer is not asked again in that conversation.
     */
    offer: z
      .object({
        question: text('question'),
        /** A reply that mentions one of these offers a call too ("or book you a free strategy call"): a yes books. */
        mentions: phrases('mentions'),
        readyWords: phrases('readyWords'),
        /** Words of a price or a quote ("how much", "quote"): any answer to them ends with the offer too. */
        quoteWords: phrases('quoteWords'),
        yesWords: phrases('yesWords'),
        noWords: phrases('noWords'),
        declined: text('declined'),
      })
      .strict(),
    callTimes,
    /**
     * The question whether a call is needed before seeing prices ("do I have to jump on a call to get a price?"): a
     * message with one of needWords, one of offer.quoteWords and one of callWords gets `reply` and its links, then the
     * offer of a call, instead of starting a booking.
     */
    priceWithoutCall: z
      .object({
        needWords: phrases('needWords'),
        callWords: phrases('callWords'),
        /** Must contain {email}: the way to ask about prices without a call. */
        reply: withEmailPlaceholder('reply'),
        /** Links shown under the reply; may be empty. */
        links: z.array(link, { error: 'links must be a list (it may be empty)' }),
      })
      .strict(),
    /** Greetings and thanks: only used when no topic and nothing off-topic matched. */
    smallTalk: z.array(topic),
    fallback: text('fallback'),
  })
  .strict();

export type ChatScript = z.infer<typeof chatScript>;
export type ChatTopic = z.infer<typeof topic>;
export type CallTimesScript = z.infer<typeof callTimes>;

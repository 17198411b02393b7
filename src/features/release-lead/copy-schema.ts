// What a marketer may write in content/release-lead.json: the texts of the team's page for one held lead
// (/release-lead#<secret>, linked from the hourly digest of held leads). Placeholders filled in at run time: {name}
// (the lead, with their company), {surface} (one of `surfaces`), {reason} (one of `reasons`), {day}, {time},
// {zone}, {zoneId} (the viewer's time zone, and its IANA name), {email}.
import { z } from 'zod';
import { pageMeta } from '../../content-model/schemas';
import { text } from '../../content-model/zod-helpers';
import { withEmail } from '../booking/copy-schema';

const withPlaceholder = (what: string, name: string, meaning: string) =>
  text(what).regex(new RegExp(`\\{${name}\\}`), `${what} must contain {${name}}, ${meaning}`);

export const releaseLeadCopy = z
  .object({
    meta: pageMeta,
    title: text('title'),
    loading: text('loading'),
    lead: withPlaceholder('lead', 'name', 'the person who sent the lead').regex(
      /\{surface\}/,
      'lead must contain {surface}, the form it came through',
    ),
    /** How the lead came in, by the surface stored with it; `unknown` for a lead without one. */
    surfaces: z
      .object({
        contact_form: text('contact_form'),
        booking_form: text('booking_form'),
        chat: text('chat'),
        unknown: text('unknown'),
      })
      .strict(),
    received: withPlaceholder('received', 'day', 'the day the lead arrived')
      .regex(/\{time\}/, 'received must contain {time}, the time the lead arrived')
      .regex(/\{zone\}|\{zoneId\}/, 'received must contain {zone} or {zoneId}, the time zone of that time'),
    heldBecause: withPlaceholder('heldBecause', 'reason', 'why the lead was held (one of the reasons below)'),
    /** Why the submission guard held a lead, by its reason code (supabase/functions/notify-leads/hold-reasons.ts). */
    reasons: z
      .object({
        honeypot: text('honeypot'),
        no_challenge: text('no_challenge'),
        bad_challenge: text('bad_challenge'),
        network_burst: text('network_burst'),
        over_global_rate: text('over_global_rate'),
      })
      .strict(),
    explanation: text('explanation'),
    releaseLabel: text('releaseLabel'),
    releasing: text('releasing'),
    released: text('released'),
    /** May contain {day}, {time}, {zone}, {zoneId}: when it was released. */
    alreadyReleased: text('alreadyReleased'),
    noSecret: withEmail('noSecret'),
    notFound: withEmail('notFound'),
    failure: withEmail('failure'),
    retryLabel: text('retryLabel'),
  })
  .strict();

export type ReleaseLeadCopy = z.infer<typeof releaseLeadCopy>;

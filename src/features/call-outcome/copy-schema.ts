// What a marketer may write in content/call-outcome.json: the texts of the host's "who turned up" page
// (/call-outcome#<secret>, linked from the host's 1-hour reminder). Placeholders filled in at run time: {name} (the
// visitor, with their company), {day}, {time}, {zone}, {outcome}, {by}, {email}.
import { z } from 'zod';
import { pageMeta } from '../../content-model/schemas';
import { text } from '../../content-model/zod-helpers';
import { withEmail } from '../booking/copy-schema';

export const callOutcomeCopy = z
  .object({
    meta: pageMeta,
    title: text('title'),
    loading: text('loading'),
    call: text('call').regex(/\{name\}/, 'call must contain {name}, the visitor the call was with'),
    question: text('question'),
    /** The answers' button labels, and the words for a recorded answer in `recorded` and `current`. */
    answers: z
      .object({
        attended: z.object({ label: text('label'), recorded: text('recorded') }).strict(),
        no_show: z.object({ label: text('label'), recorded: text('recorded') }).strict(),
        moved: z.object({ label: text('label'), recorded: text('recorded') }).strict(),
      })
      .strict(),
    saving: text('saving'),
    recorded: text('recorded').regex(/\{outcome\}/, 'recorded must contain {outcome}'),
    current: text('current').regex(/\{outcome\}/, 'current must contain {outcome}'),
    notStarted: text('notStarted'),
    notFound: withEmail('notFound'),
    cancelled: text('cancelled'),
    failure: withEmail('failure'),
    retryLabel: text('retryLabel'),
  })
  .strict();

export type CallOutcomeCopy = z.infer<typeof callOutcomeCopy>;

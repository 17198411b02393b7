// A short link (content/redirects.json): an address people type or see on a flyer (/dental) that sends them on to
// a page of the site or another site. The build writes them to public/_redirects for the host
// (src/build/redirects-file.ts); the content check refuses loops, chains and short links over real pages
// (redirect-check.ts).
import { z } from 'zod';
import { notWording } from './wording';
import { text } from './zod-helpers';

/** One or more segments of lowercase letters, digits and dashes, each after one "/": /dental, /expo/2026. */
const CLEAN_PATH = /^(\/[a-z0-9-]+)+$/;

/** What is wrong with `value` as a short link's own address, or undefined when it is a clean path. */
function fromProblem(value: string): string | undefined {
  if (!value.startsWith('/')) return 'from must start with "/", e.g. /dental';
  if (value === '/') return 'from cannot be "/", the home page: choose a short word such as /dental';
  if (/[?#]/.test(value)) return 'from is the address alone, without "?" or "#": campaign tags (?utm_…) belong in to';
  const withoutSlash = value.replace(/\/+$/, '');
  if (!CLEAN_PATH.test(withoutSlash)) {
    return 'from must be a path such as /dental: lowercase letters, digits and dashes after the "/"';
  }
  if (withoutSlash !== value) return `from must not end with "/": write ${withoutSlash}`;
  return undefined;
}

/** What is wrong with `value` as where a short link leads, or undefined. Its page is cross-checked. */
function toProblem(value: string): string | undefined {
  if (/\s/.test(value)) return 'to must not contain spaces';
  if (value.startsWith('//') || (!value.startsWith('/') && !value.startsWith('https://'))) {
    return 'to must be a page of this site starting with "/" (e.g. /contact) or a full address starting with "https://"';
  }
  if (value.startsWith('https://') && !URL.canParse(value))
    return 'to must be a full address such as https://example.com';
  return undefined;
}

/** One refinement per field, so a mistake gets one message: the first thing to fix. */
const checkedPath = (what: string, problem: (value: string) => string | undefined) =>
  notWording(
    text(what).superRefine((value, context) => {
      const message = problem(value);
      if (message) context.addIssue({ code: 'custom', message });
    }),
  );

export const redirect = z
  .object({
    from: checkedPath('from', fromProblem),
    to: checkedPath('to', toProblem),
    /** true: 301, browsers remember it for good; false: 302, a campaign link that may be pointed elsewhere later. */
    permanent: z.boolean(),
  })
  .strict();

export type Redirect = z.infer<typeof redirect>;

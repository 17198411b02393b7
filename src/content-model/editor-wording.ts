// The words the editor (/admin) shows around a field: its label, made from the key, and a hint in plain words for
// the keys whose purpose the label alone does not make clear.

const WORDS: Record<string, string> = {
  cta: 'button',
  ctas: 'buttons',
  url: 'address',
  meta: 'search listing',
  alt: 'image description',
  to: 'link to',
  src: 'picture',
};

/** `primaryCta` → `Primary button`, `meta` → `Search listing`. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => WORDS[word.toLowerCase()] ?? word.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const HINTS: Record<string, string> = {
  meta: 'How this page appears in search results and in the browser tab.',
  eyebrow: 'The short line above the heading.',
  to: 'A page of this site such as /pricing, or a full address starting with https:// or mailto:.',
  order: 'Position in the list: lower numbers come first. Each must be different.',
  icon: 'The picture shown beside the service.',
  slug: 'The page address after the site name, e.g. privacy-policy for /privacy-policy.',
  updated: 'The date the text last changed in substance, as YYYY-MM-DD.',
  mostPopular: 'Marks this plan "Most Popular". Only one plan may be.',
  rating: 'Stars, from 1 to 5.',
  body: 'The text of the page. Markdown: **bold**, [link text](/pricing), a blank line between paragraphs.',
  imageAlt: 'Describes the picture for people who cannot see it.',
  linkLabel: 'The words of the link.',
  keywords: 'Words or short phrases the assistant listens for, one per item.',
  id: 'A short name for the code: lowercase letters, digits and dashes.',
  offer:
    'The offer to book a call. Ticked on a chat topic, its reply ends with the offer’s question and Yes / No buttons.',
  wishes: 'Phrases that always start a booking, whatever else the message says (“give us a bell”), one per item.',
  yesWords: 'Answers to the offer that book the call, one per item.',
  noWords: 'Answers to the offer that decline it, one per item.',
  readyWords: 'Words of a visitor who sounds ready to go ahead: any answer to them ends with the offer, one per item.',
  quoteWords:
    'Words of a visitor asking a price or a quote (“how much”, “quote”): any answer to them ends with the offer, one per item.',
  seeWords:
    'Words of seeing (“see”, “show”): followed by one of the working words, the visitor asks to see the product working and a booking starts, one per item.',
  workingWords:
    'Words of the product at work (“in action”, “how it”): after one of the see words, a booking starts (“can I see it in action”), one per item.',
  zones:
    'Time zones a visitor may name at the chat’s timezone question, each an IANA zone name (Australia/Perth) with the words that name it (“Perth”, “AWST”, “WA”).',
  zone: 'An IANA time zone name such as Australia/Perth: the site acts on it.',
  words: 'Words or short phrases the assistant listens for, one per item.',
  timesOfDay:
    'Parts of the day a visitor may name (“morning”, “late arvo”) and the hours of their own clock each means, from (inclusive) until (exclusive).',
  from: 'A time as HH:MM on a 24-hour clock, e.g. 09:00.',
  until: 'A time as HH:MM on a 24-hour clock, e.g. 12:00; 24:00 is the end of the day.',
  otherTimesWords: 'Words asking for other free times (“later”, “other times”), one per item.',
  waitWords: 'Words of a visitor who would rather wait for the team’s e-mail than pick a time now, one per item.',
  changeWords:
    'Words asking to change or cancel a booked call (“reschedule”): answered with the change/cancel link, one per item.',
  offsetWords: 'Words before an offset such as +10 (“UTC+10”, “GMT+5:30”), one per item.',
  bookedReply:
    'Said instead of the reply once the visitor has booked a time in the chat. Fill it in when the reply speaks of finding a time (“we’ll contact you to confirm a time”); leave it empty otherwise.',
  image:
    'Upload a picture (JPEG, PNG, WebP or AVIF, at most 2 MB) or choose one already uploaded. The site makes the smaller sizes itself.',
  photo: 'A photo of the person (optional): upload one or choose one already uploaded, at most 2 MB.',
  src: 'Choose or upload the picture. Leave it empty for none.',
  alt: 'Describe what the picture shows for people who cannot see it (screen readers read it out), in a sentence. Leave it empty only when the picture is decorative.',
  decorative:
    'Tick when the picture adds nothing to the words (a texture, a mood photo): screen readers then skip it. A picture needs a description or this tick, not both.',
  hideFromSearch:
    'Tick to keep this page out of search engines and the sitemap: for a page meant only for an ad, an e-mail or an event.',
  sections:
    'The page’s blocks from top to bottom. Start with a hero; add blocks with “Add section”, drag them by their handle to reorder, remove one with its ✕.',
  services: 'Choose the services to show, in the order they appear; drag a chosen one to move it.',
  plans: 'Choose the plans to show, in the order they appear; drag a chosen one to move it.',
  testimonials: 'Choose the testimonials to show, in the order they appear; drag a chosen one to move it.',
  form: 'demo-request: the demo request form of /contact; strategy-call: the strategy-call form of /book. A page holds one form, and buttons link to it with #form.',
  problem:
    'For the demo request form only: the answer to “What would you like to automate?” chosen for the visitor in advance. Leave empty to let them choose.',
  experiment:
    'Test other words for this section against the original: each visitor sees one version, and /insights shows which brings more leads. Leave empty for none. A page runs one experiment at a time.',
  startedAt:
    'When the experiment starts counting visitors: press Now just before you publish it. While this is empty the experiment is a draft: every visitor sees the original and nothing is counted.',
  variants:
    'The versions tested against the original, at most 3. Each has a name, its share of the visitors and only the fields it changes: leave the others empty to keep the original’s. Do not change them while the experiment runs; end it and start a new one instead.',
  share:
    'The percentage of visitors who see this variant, from 1 to 99. The original gets what the variants leave: one variant at 50 shows each version to half the visitors.',
};

/** Hints for a key under one parent key, where the key alone means something else: a page's social image. */
const NESTED_HINTS: Record<string, string> = {
  'experiment.id':
    'The experiment’s name in the counts: lowercase letters, digits and single dashes, e.g. dental-hero-headline. Never change it while the experiment runs, and give each new experiment a new one.',
  'experiment.name': 'What the insights dashboard calls the experiment, e.g. “Hero headline: calls vs. chairs”.',
  'variants.name': 'What the insights dashboard calls this variant, e.g. “Chairs first”.',
  'meta.image':
    'The picture shown when the page is shared on social media or in a message (LinkedIn, Facebook, X, WhatsApp): at least 1200 × 630 pixels, cropped to that shape and, in small cards, to a square, so keep what matters in the middle. Without one, the site’s own picture is used. The share preview shows how it looks.',
};

/** Hints for the keys of one content type (by its type name) that mean something else there: a short link's `from`. */
const TYPE_HINTS: Record<string, Record<string, string>> = {
  LandingPage: {
    slug: 'The page’s address after the site name: lowercase letters, digits and single dashes, e.g. dental-clinics for /dental-clinics. A new page’s file is named after it when first saved.',
  },
  RedirectsJson: {
    redirects:
      'Short addresses for campaigns and print (e.g. /dental) that send visitors on to a page. A site may have none.',
    from: 'The short address people type, e.g. /dental: lowercase letters, digits and dashes after the "/". It cannot be the address of a page.',
    to: 'Where it leads: a page of this site such as /contact (campaign tags such as ?utm_source=flyer may follow), or a full address starting with https://. Not another short link.',
    permanent:
      'Leave off for a campaign link you may point elsewhere later. Tick only for an address that will never lead anywhere else: browsers remember it for good.',
  },
};

/**
 * A hint for the field `key` of the content type `typeName`; values the code acts on (links, ids, words the chat
 * listens for) say so.
 */
export function fieldHint(
  key: string,
  actedOnByCode: boolean,
  typeName?: string,
  parentKey?: string,
): string | undefined {
  const hint =
    (typeName ? TYPE_HINTS[typeName]?.[key] : undefined) ??
    (parentKey ? NESTED_HINTS[`${parentKey}.${key}`] : undefined) ??
    HINTS[key];
  if (hint) return hint;
  return actedOnByCode ? 'The site acts on this value: change it with care.' : undefined;
}

/**
 * The editor's control that ends an experiment (src/admin/end-experiment.ts): a choice of the version to keep, made
 * into the section's own fields when the entry is saved. Its choices are the original and each possible variant.
 */
export const END_EXPERIMENT_WORDING = {
  label: 'End the experiment',
  hint: 'To end the experiment, choose the version to keep and save: its words become the section’s and the experiment is removed. Download its results from /insights first: the dashboard shows only the experiments the pages hold. Leave empty while it runs.',
  original: 'Keep the original',
  variant: (number: number) => `Keep variant ${number}`,
};

export const FIXED_BY_SPEC_HINT =
  'Fixed by the site specification (SPEC.md), word for word, so it cannot be changed here. Ask a developer if it must change.';

/**
 * The name of each block of a landing page (its `type`) in the editor's "Add section" menu and in the folded list.
 * Every block needs one: the editor derivation stops at a block without a name.
 */
export const BLOCK_LABELS: Record<string, string> = {
  hero: 'Hero',
  services: 'Service cards',
  plans: 'Plans',
  testimonials: 'Testimonials',
  stats: 'Stats band',
  reasons: 'Reasons',
  text: 'Rich text',
  faq: 'Questions and answers',
  cta: 'Call to action',
  form: 'Lead form',
};

/** The name of one item of a list whose items are blocks: the editor's "Add section". */
export const singularLabel = (key: string) => (key === 'sections' ? itemWord(key) : undefined);

/** `highlights` → `highlight`, `wishes` → `wish`: the key of one item of a list of texts. */
export function singular(key: string): string {
  if (key.endsWith('ies')) return `${key.slice(0, -3)}y`;
  if (/(sh|ch|x|ss)es$/.test(key)) return key.slice(0, -2);
  return key.replace(/s$/, '');
}

/** Lists whose key is no plural of what they hold. */
const ITEM_WORDS: Record<string, string> = {
  navigation: 'link',
  smallTalk: 'topic',
  timesOfDay: 'part of the day',
};

/**
 * One item of the list at `key`, in words, for the messages that ask for one ("Add at least one section") and the
 * editor's names of items (Section 2): `sections` → section, `yesWords` → yes word; a list whose key is no plural
 * (the chat's `monday`) holds items.
 */
export function itemWord(key: string): string {
  if (ITEM_WORDS[key]) return ITEM_WORDS[key];
  const one = singular(key);
  return one === key ? 'item' : fieldLabel(one).toLowerCase();
}

/** Keys whose texts run to sentences: edited in a box of several lines. */
export const multiLineKeys = new Set([
  'text',
  'intro',
  'subtitle',
  'description',
  'summary',
  'quote',
  'reply',
  'blurb',
  'greeting',
  'fallback',
  'bestFor',
  'tagline',
  'message',
  'prompt',
  'invalid',
  'start',
  'success',
  'failure',
  'failureMessage',
  'privacyNotice',
  'pickTime',
  'pickTimeNoMatch',
  'deviceZone',
  'offsetZone',
  'noTimes',
  'noMore',
  'taken',
  'unavailable',
  'booked',
  'waiting',
  'noRequest',
  'alreadyBooked',
  'senderLimit',
  'noBookingToChange',
  'answer',
  'bookedReply',
  'bookedHere',
]);

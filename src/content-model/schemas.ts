// The one definition of every content type. The build-time checks (check.ts) validate content files
// against these schemas, and the GraphQL types in gatsby-node are derived from them (graphql.ts),
// so what a marketer may write and what pages can query cannot drift apart.
import { z } from 'zod';
import { sharedType } from './graphql';
import { notWording } from './wording';
import { text, typeMessages } from './zod-helpers';
import { image } from './image-schema';
import { experimentOf } from './experiment-schema';
import { FORM_ANCHOR } from './route-paths';

export { FORM_ANCHOR };

/**
 * An internal route ("/pricing"), an absolute URL, or on a landing page its form (`#form`); internal routes are
 * cross-checked against the site's pages.
 */
const linkTarget = (what: string) =>
  notWording(
    text(what).refine(
      (value) =>
        value.startsWith('/') || /^https?:\/\//.test(value) || value.startsWith('mailto:') || value === FORM_ANCHOR,
      {
        message: `${what} must start with "/" (a page of this site), "https://" or "mailto:", or be ${FORM_ANCHOR} (a landing page's form)`,
      },
    ),
  );

export const link = sharedType(
  'Link',
  z
    .object({
      label: text('label'),
      to: linkTarget('to'),
    })
    .strict(),
);

export const pageMeta = sharedType(
  'PageMeta',
  z
    .object({
      title: text('title').max(70, 'title should be at most 70 characters so search engines show it whole'),
      description: text('description').max(170, 'description should be at most 170 characters'),
      /** The picture shown when the page is shared (cropped to 1200 × 630); the site's own when absent. */
      image: image.optional(),
    })
    .strict(),
);

/**
 * A collection notice (Australian Privacy Principle 5) shown where personal details are asked for: who collects
 * them, why, what happens without them, who receives them (overseas too). The component adds a link labelled
 * `linkLabel` to the privacy policy after the text, so the link cannot be forgotten or mistyped.
 */
export const collectionNotice = sharedType(
  'CollectionNotice',
  z.object({ text: text('text'), linkLabel: text('linkLabel') }).strict(),
);

export const titledText = sharedType('TitledText', z.object({ title: text('title'), text: text('text') }).strict());

export const site = z
  .object({
    brandName: text('brandName'),
    tagline: text('tagline'),
    siteUrl: notWording(text('siteUrl').url('siteUrl must be a full URL such as https://example.com')),
    email: notWording(text('email').email('email must look like an e-mail address, e.g. hello@example.com')),
    responseTimeHours: z.number().int().positive(),
    strategyCallMinutes: z.number().int().positive(),
    discoveryCallMinutes: z.number().int().positive(),
    claims: z
      .object({
        costReductionUpTo: text('costReductionUpTo'),
        costReductionRange: text('costReductionRange'),
        uptime: text('uptime'),
        returnMultiple: text('returnMultiple'),
        returnWindowDays: z.number().int().positive(),
        noShowReduction: text('noShowReduction'),
      })
      .strict(),
    navigation: z.array(link).min(1, 'navigation needs at least one link'),
    navigationCta: link,
    /** Facts the privacy policy states, filled in by the business (see CONTENT.md). */
    privacy: z
      .object({
        storageRegion: text('storageRegion'),
        emailProvider: text('emailProvider'),
        retentionMonths: z
          .number({
            ...typeMessages('retentionMonths is required', 'retentionMonths must be a number'),
          })
          .int('retentionMonths must be a whole number of months')
          .positive('retentionMonths must be at least 1'),
        visitEventDays: z
          .number({
            ...typeMessages('visitEventDays is required', 'visitEventDays must be a number'),
          })
          .int('visitEventDays must be a whole number of days')
          .positive('visitEventDays must be at least 1'),
      })
      .strict(),
    skipLinkLabel: text('skipLinkLabel'),
    menuLabel: text('menuLabel'),
    footer: z
      .object({
        blurb: text('blurb'),
        columns: z.array(z.object({ title: text('title'), links: z.array(link).min(1) }).strict()).min(1),
        copyright: text('copyright'),
      })
      .strict(),
  })
  .strict();

/** content/site.json, as validated. */
export type SiteSettings = z.infer<typeof site>;

export const stat = sharedType('Stat', z.object({ value: text('value'), label: text('label') }).strict());

const homeHeroFields = {
  eyebrow: text('eyebrow'),
  title: text('title'),
  subtitle: text('subtitle'),
  primaryCta: link,
  secondaryCta: link,
  highlights: z.array(text('highlight')).min(1),
  image: image.optional(),
};

export const home = z
  .object({
    meta: pageMeta,
    hero: z.object({ ...homeHeroFields, experiment: experimentOf(homeHeroFields).optional() }).strict(),
    stats: z.array(stat).min(1),
    servicesSection: z.object({ title: text('title'), intro: text('intro'), linkLabel: text('linkLabel') }).strict(),
    whyChooseUs: z
      .object({
        title: text('title'),
        intro: text('intro'),
        /** Describes the dashboard illustration beside the reasons, for people who cannot see it. */
        imageAlt: text('imageAlt'),
        reasons: z.array(titledText).min(1),
      })
      .strict(),
    testimonialsSection: z.object({ title: text('title'), intro: text('intro') }).strict(),
    closingCta: z.object({ title: text('title'), text: text('text'), primaryCta: link, secondaryCta: link }).strict(),
  })
  .strict();

const pageHero = sharedType(
  'PageHero',
  z.object({ eyebrow: text('eyebrow'), title: text('title'), intro: text('intro') }).strict(),
);
const ctaBand = sharedType('CtaBand', z.object({ title: text('title'), text: text('text'), cta: link }).strict());

export const servicesPage = z
  .object({
    meta: pageMeta,
    hero: pageHero,
    benefitsLabel: text('benefitsLabel'),
    whyCustom: z.object({ title: text('title'), intro: text('intro'), points: z.array(titledText).min(1) }).strict(),
    cta: ctaBand,
  })
  .strict();

export const pricingPage = z
  .object({
    meta: pageMeta,
    hero: pageHero,
    mostPopularLabel: text('mostPopularLabel'),
    quoteCta: link,
    included: z.object({ title: text('title'), items: z.array(text('item')).min(1) }).strict(),
    cta: ctaBand,
  })
  .strict();

/** /contact and /book: a hero and what the call involves, beside the form. */
export const leadPage = z
  .object({
    meta: pageMeta,
    hero: pageHero,
    callDetails: sharedType(
      'CallDetails',
      z.object({ title: text('title'), points: z.array(text('point')).min(1) }).strict(),
    ),
  })
  .strict();

export const notFoundPage = z.object({ meta: pageMeta, title: text('title'), text: text('text'), cta: link }).strict();

export const legalChrome = z.object({ lastUpdatedLabel: text('lastUpdatedLabel') }).strict();

/** A stable name for the code, so landing pages can name a plan or testimonial whatever its wording becomes. */
const itemId = (what: string) =>
  notWording(
    text('id').regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      `id must be lowercase letters, digits and single dashes, e.g. ${what}`,
    ),
  );

export const plan = z
  .object({
    id: itemId('voice-ai'),
    name: text('name'),
    order: z.number(typeMessages('order is required', 'order must be a number')).int(),
    tagline: text('tagline'),
    description: text('description'),
    bestFor: text('bestFor'),
    features: z
      .array(text('feature'), { error: 'features must be a list' })
      .min(1, 'features must be a list of at least one item'),
    mostPopular: z.boolean({ error: 'mostPopular must be true or false' }),
  })
  .strict();

export const testimonial = z
  .object({
    id: itemId('priya-raman'),
    quote: text('quote'),
    name: text('name'),
    role: text('role'),
    company: text('company'),
    rating: z
      .number(typeMessages('rating is required', 'rating must be a number'))
      .int('rating must be a whole number')
      .min(1, 'rating must be between 1 and 5')
      .max(5, 'rating must be between 1 and 5'),
    photo: image.optional(),
  })
  .strict();

export const serviceIcons = ['funnel', 'headset', 'calendar', 'phone'] as const;

export const serviceFrontmatter = z
  .object({
    title: text('title'),
    order: z.number(typeMessages('order is required', 'order must be a number')).int(),
    summary: text('summary'),
    icon: z.enum(serviceIcons, {
      error: `icon must be one of: ${serviceIcons.join(', ')}`,
    }),
    benefits: z.array(text('benefit')).min(1, 'benefits must be a list of at least one item'),
  })
  .strict();

export const legalFrontmatter = z
  .object({
    title: text('title'),
    slug: notWording(
      text('slug').regex(/^[a-z0-9-]+$/, 'slug must be lowercase letters, digits and dashes, e.g. privacy-policy'),
    ),
    description: text('description').max(170, 'description should be at most 170 characters'),
    // YAML reads an unquoted 2026-01-31 as a date; either spelling is accepted and kept as YYYY-MM-DD.
    updated: notWording(
      z.preprocess(
        (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
        z
          .string({ error: 'updated must be a date written as YYYY-MM-DD, e.g. 2026-01-31' })
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'updated must be a date written as YYYY-MM-DD, e.g. 2026-01-31')
          .optional(),
      ),
    ),
  })
  .strict();

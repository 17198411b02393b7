// A campaign landing page: an address, its search listing and social image, and an ordered list of sections,
// each one of the blocks below. The `type` of a section picks its block; the block's schema is the one source for
// the editor's block type, the content check and the GraphQL type the template queries.
import { z } from 'zod';
import { sharedType } from './graphql';
import { experimentOf } from './experiment-schema';
import { referenceField, markdownField, type ReferenceTarget } from './field-kinds';
import { image } from './image-schema';
import { link, pageMeta, stat, titledText } from './schemas';
import { notWording } from './wording';
import { text } from './zod-helpers';

const block = <Type extends string, Shape extends z.ZodRawShape>(typeName: string, type: Type, shape: Shape) =>
  sharedType(typeName, z.object({ type: z.literal(type), ...shape }).strict());

const references = (what: string, to: ReferenceTarget) =>
  z.array(referenceField(notWording(text(what)), to)).min(1, `${what}s must name at least one`);

const heroFields = {
  eyebrow: text('eyebrow').optional(),
  title: text('title').max(90, 'title should be at most 90 characters: the first thing visitors read'),
  text: text('text'),
  primaryCta: link,
  secondaryCta: link.optional(),
  image: image.optional(),
};

export const heroBlock = block('LandingHero', 'hero', {
  ...heroFields,
  experiment: experimentOf(heroFields).optional(),
});

export const servicesBlock = block('LandingServices', 'services', {
  title: text('title'),
  intro: text('intro'),
  linkLabel: text('linkLabel'),
  services: references('service', 'Service'),
});

export const plansBlock = block('LandingPlans', 'plans', {
  title: text('title'),
  intro: text('intro'),
  plans: references('plan', 'PlansJson'),
});

export const testimonialsBlock = block('LandingTestimonials', 'testimonials', {
  title: text('title'),
  intro: text('intro'),
  testimonials: references('testimonial', 'TestimonialsJson'),
});

export const statsBlock = block('LandingStats', 'stats', {
  stats: z.array(stat).min(1, 'stats must be a list of at least one figure'),
});

export const reasonsBlock = block('LandingReasons', 'reasons', {
  title: text('title'),
  intro: text('intro'),
  reasons: z.array(titledText).min(1, 'reasons must be a list of at least one reason'),
  image: image.optional(),
});

export const textBlock = block('LandingText', 'text', {
  title: text('title').optional(),
  body: markdownField(text('body')),
});

export const faqBlock = block('LandingFaq', 'faq', {
  title: text('title'),
  questions: z
    .array(sharedType('LandingQuestion', z.object({ question: text('question'), answer: text('answer') }).strict()))
    .min(1, 'questions must be a list of at least one question'),
});

const ctaFields = {
  title: text('title'),
  text: text('text'),
  primaryCta: link,
  secondaryCta: link.optional(),
};

export const ctaBlock = block('LandingCta', 'cta', { ...ctaFields, experiment: experimentOf(ctaFields).optional() });

export const leadForms = ['demo-request', 'strategy-call'] as const;

export const formBlock = block('LandingForm', 'form', {
  title: text('title'),
  intro: text('intro'),
  form: z.enum(leadForms, { error: `form must be one of: ${leadForms.join(', ')}` }),
  /** For the demo request: the answer to "What would you like to automate?" chosen before the visitor starts. */
  problem: notWording(text('problem')).optional(),
});

export const landingBlocks = [
  heroBlock,
  servicesBlock,
  plansBlock,
  testimonialsBlock,
  statsBlock,
  reasonsBlock,
  textBlock,
  faqBlock,
  ctaBlock,
  formBlock,
] as const;

export const landingSection = sharedType(
  'LandingSection',
  z.discriminatedUnion('type', landingBlocks, {
    error: `type must be one of: ${landingBlocks.map((schema) => schema.shape.type.value).join(', ')}`,
  }),
);

export type LandingSection = z.infer<typeof landingSection>;
export type LandingBlockType = LandingSection['type'];

export const LANDING_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const landingPage = z
  .object({
    slug: notWording(
      text('slug').regex(
        LANDING_SLUG_PATTERN,
        'slug must be lowercase letters, digits and single dashes, e.g. dental-clinics for /dental-clinics',
      ),
    ),
    meta: pageMeta,
    /** Kept out of search engines (noindex, left out of the sitemap): a page only for an ad or an e-mail. */
    hideFromSearch: z.boolean({ error: 'hideFromSearch must be true or false' }).optional(),
    sections: z.array(landingSection).min(1, 'sections is empty. Add at least one section, starting with a hero'),
  })
  .strict();

export type LandingPageContent = z.infer<typeof landingPage>;

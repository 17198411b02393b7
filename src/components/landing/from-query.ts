// The landing template's query result as the blocks' props: GraphQL's nulls become absent values and the
// uploaded images the processed pictures. One adapter per block type, typed by the block's fragment.
import type { LandingBlockType } from '../../content-model/landing-schema';
import type { BookingCopy } from '../../features/booking/copy-schema';
import type { BookingFormCopy, ContactFormCopy } from '../../features/forms/copy-schema';
import { queriedImage } from '../ui/content-image';
import type { LandingBlockProps, ResolvedSection } from './blocks';

export type Fragments = {
  hero: Queries.LandingHeroFieldsFragment;
  services: Queries.LandingServicesFieldsFragment;
  plans: Queries.LandingPlansFieldsFragment;
  testimonials: Queries.LandingTestimonialsFieldsFragment;
  stats: Queries.LandingStatsFieldsFragment;
  reasons: Queries.LandingReasonsFieldsFragment;
  text: Queries.LandingTextFieldsFragment;
  faq: Queries.LandingFaqFieldsFragment;
  cta: Queries.LandingCtaFieldsFragment;
  form: Queries.LandingFormFieldsFragment;
};

/** What the page query holds (./page-data.ts), the same for both landing templates. */
export type PageData = Queries.LandingPageDataFragment;

export const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export const queryAdapters: {
  [Type in LandingBlockType]: (section: Fragments[Type], page: PageData) => LandingBlockProps[Type];
} = {
  hero: (section) => ({
    eyebrow: optional(section.eyebrow),
    title: section.title,
    text: section.text,
    primaryCta: section.primaryCta,
    secondaryCta: optional(section.secondaryCta),
    image: queriedImage(section.image),
  }),
  services: ({ title, intro, linkLabel, services }) => ({ title, intro, linkLabel, services }),
  plans: ({ title, intro, plans }, page) => ({
    title,
    intro,
    plans,
    mostPopularLabel: page.pricingPageJson!.mostPopularLabel,
    quoteCta: page.pricingPageJson!.quoteCta,
  }),
  testimonials: ({ title, intro, testimonials }) => ({
    title,
    intro,
    testimonials: testimonials.map(({ photo, ...testimonial }) => ({ ...testimonial, photo: queriedImage(photo) })),
  }),
  stats: ({ stats }) => ({ stats }),
  reasons: ({ title, intro, reasons, image }) => ({ title, intro, reasons, image: queriedImage(image) }),
  text: ({ optionalTitle, html }) => ({ title: optional(optionalTitle), html }),
  faq: ({ title, questions }) => ({ title, questions }),
  cta: (section) => ({
    title: section.title,
    text: section.text,
    primaryCta: section.primaryCta,
    secondaryCta: optional(section.secondaryCta),
  }),
  // The form texts are validated against the forms' copy schemas before the build (src/content-model/check.ts).
  form: ({ title, intro, form, problem }, page) => {
    const common = { title, intro, contactEmail: page.siteJson!.email };
    return form === 'strategy-call'
      ? {
          ...common,
          form,
          copy: page.bookingFormJson!.content as BookingFormCopy,
          bookingCopy: page.bookingJson!.content as BookingCopy,
        }
      : {
          ...common,
          form: 'demo-request',
          copy: page.contactFormJson!.content as ContactFormCopy,
          problem: optional(problem),
        };
  },
};

/** The page's sections, in its order, as the blocks render them: their originals (./experiments-from-query.ts adds
 * the experiments, on a page that runs one). */
export function sectionsFromQuery(page: PageData): ResolvedSection[] {
  return page.landingPage!.sections.map((section) => {
    const type = (section as { type: LandingBlockType }).type;
    const adapt = queryAdapters[type] as (section: unknown, page: PageData) => ResolvedSection;
    return { ...adapt(section, page), type } as ResolvedSection;
  });
}

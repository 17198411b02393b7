// A landing page's query result (src/templates/landing-page.tsx) built from the real content, as the build
// would return it: references resolved to their items, uploaded images processed (a stand-in for
// gatsby-plugin-image's output), the Markdown text as HTML, site placeholders filled in.
import { contentByType, nodes, single } from './content-fixtures';
import type { LandingPageContent, LandingSection } from '../../src/content-model/landing-schema';
import type { ContentImage } from '../../src/content-model/image-schema';
import type { ExperimentContent } from '../../src/content-model/experiment-schema';

type Item = Record<string, unknown>;

/** The landing pages in content/landing, placeholders filled. */
export const landingPages = () => contentByType().LandingPage as unknown as LandingPageContent[];

/** What gatsby-transformer-sharp returns for an upload (the build processes the real file). */
export function processedImage(src: string) {
  const name = src.replace(/^\/images\//, '').replace(/\.\w+$/, '');
  const widths = [275, 550, 1100];
  const srcSet = (format: string) => widths.map((width) => `/static/${width}/${name}.${format} ${width}w`).join(',\n');
  return {
    layout: 'constrained' as const,
    width: 1100,
    height: 688,
    images: {
      fallback: { src: `/static/1100/${name}.jpg`, srcSet: srcSet('jpg'), sizes: '(min-width: 1100px) 1100px, 100vw' },
      sources: [
        { type: 'image/avif', srcSet: srcSet('avif'), sizes: '(min-width: 1100px) 1100px, 100vw' },
        { type: 'image/webp', srcSet: srcSet('webp'), sizes: '(min-width: 1100px) 1100px, 100vw' },
      ],
    },
  };
}

const queriedImage = (image: ContentImage | undefined) =>
  image ? { alt: image.alt ?? null, file: { childImageSharp: { gatsbyImageData: processedImage(image.src) } } } : null;

/** A section's experiment as the query returns it: null when there is none, each variant's image processed. */
function queriedExperiment(experiment: ExperimentContent | undefined) {
  if (!experiment) return null;
  return {
    ...experiment,
    startedAt: experiment.startedAt ?? null,
    variants: experiment.variants.map(({ image, ...variant }) => ({
      ...variant,
      image: queriedImage(image as ContentImage | undefined),
    })),
  };
}

const byKey = (items: Item[], key: string, names: readonly string[]) =>
  names.map((name) => items.find((item) => item[key] === name)!);

const typeNames: Record<LandingSection['type'], string> = {
  hero: 'LandingHero',
  services: 'LandingServices',
  plans: 'LandingPlans',
  testimonials: 'LandingTestimonials',
  stats: 'LandingStats',
  reasons: 'LandingReasons',
  text: 'LandingText',
  faq: 'LandingFaq',
  cta: 'LandingCta',
  form: 'LandingForm',
};

/** One section as its fragment queries it. */
function queriedSection(section: LandingSection): Item {
  const common = { __typename: typeNames[section.type] };
  switch (section.type) {
    case 'hero':
      return {
        ...common,
        eyebrow: null,
        secondaryCta: null,
        ...section,
        image: queriedImage(section.image),
        experiment: queriedExperiment(section.experiment),
      };
    case 'services':
      return { ...common, ...section, services: byKey(nodes<Item>('Service').nodes, 'slug', section.services) };
    case 'plans':
      return { ...common, ...section, plans: byKey(nodes<Item>('PlansJson').nodes, 'id', section.plans) };
    case 'testimonials':
      return {
        ...common,
        ...section,
        testimonials: byKey(nodes<Item>('TestimonialsJson').nodes, 'id', section.testimonials).map((testimonial) => ({
          ...testimonial,
          photo: queriedImage(testimonial.photo as ContentImage | undefined),
        })),
      };
    case 'reasons':
      return { ...common, ...section, image: queriedImage(section.image) };
    case 'text':
      return { ...common, type: 'text', optionalTitle: section.title ?? null, html: `<p>${section.body}</p>` };
    case 'cta':
      return { ...common, secondaryCta: null, ...section, experiment: queriedExperiment(section.experiment) };
    case 'form':
      return { ...common, problem: null, ...section };
    default:
      return { ...common, ...section };
  }
}

/** The page query's result for `page`. */
export function landingPageData(page: LandingPageContent) {
  const forms = new Set(page.sections.map((section) => (section.type === 'form' ? section.form : undefined)));
  const pricing = single<Item>('PricingPageJson');
  const { image, ...meta } = page.meta;
  return {
    landingPage: {
      meta: {
        ...meta,
        image: image
          ? {
              alt: image.alt ?? null,
              file: {
                childImageSharp: { resize: { src: `/static/share/${image.src.slice(8)}`, width: 1200, height: 630 } },
              },
            }
          : null,
      },
      hideFromSearch: page.hideFromSearch ?? null,
      sections: page.sections.map(queriedSection),
    },
    pricingPageJson: { mostPopularLabel: pricing.mostPopularLabel, quoteCta: pricing.quoteCta },
    contactFormJson: forms.has('demo-request') ? { content: single('ContactFormJson') } : undefined,
    bookingFormJson: forms.has('strategy-call') ? { content: single('BookingFormJson') } : undefined,
    bookingJson: forms.has('strategy-call') ? { content: single('BookingJson') } : undefined,
    siteJson: { email: single<{ email: string }>('SiteJson').email },
  };
}

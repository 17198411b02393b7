// A landing page's sections in the editor's preview, rendered by the site's own block components
// (src/components/landing) from the entry being edited: the services, plans and testimonials it names are looked
// up in the content files, uploaded images are shown as Decap has them (a plain <img>: the build has not
// processed them yet), the Markdown text is compiled as the build compiles it. The form is shown, not usable.
import { Component, type ReactNode } from 'react';
import { LandingBlock, type LandingBlockProps, type ResolvedSection } from '../../components/landing/blocks';
import type { DisplayImage } from '../../components/ui/ResponsiveImage';
import type { z } from 'zod';
import type { LandingBlockType, LandingSection } from '../../content-model/landing-schema';
import type { testimonial } from '../../content-model/schemas';
import type { ContentImage } from '../../content-model/image-schema';
import type { BookingFormCopy, ContactFormCopy } from '../../features/forms/copy-schema';
import type { BookingCopy } from '../../features/booking/copy-schema';
import { filled } from './PreviewFrame';
import { markdownHtml } from './markdown-html';
import { serviceCards } from './service-cards';
import plansContent from '../../../content/plans.json';
import testimonialsContent from '../../../content/testimonials.json';
import pricingContent from '../../../content/pages/pricing.json';
import contactFormContent from '../../../content/forms/contact-form.json';
import bookingFormContent from '../../../content/forms/booking-form.json';
import bookingContent from '../../../content/booking.json';
import site from '../../../content/site.json';

/** Decap's lookup of an uploaded file by its path in the content (`/images/x.jpg`): a URL the preview can show. */
type GetAsset = (path: string) => { toString(): string } | undefined;

// What the sections name and show besides their own fields, as the build fills it in ({brandName} …).
const services = filled(serviceCards);
const plans = filled(plansContent);
const testimonials = filled(testimonialsContent as z.infer<typeof testimonial>[]);
const pricing = filled(pricingContent);
const forms = {
  contact: filled(contactFormContent) as ContactFormCopy,
  booking: filled(bookingFormContent) as BookingFormCopy,
  bookingTime: filled(bookingContent) as BookingCopy,
};

type Section<Type extends LandingBlockType> = Extract<LandingSection, { type: Type }>;

/** The items named, in the page's order; a name not (yet) matching one is left out. */
function named<Item>(names: readonly string[] | undefined, items: readonly Item[], key: (item: Item) => string) {
  return (names ?? []).flatMap((name) => items.filter((item) => key(item) === name));
}

function previewImage(image: Partial<ContentImage> | undefined, getAsset: GetAsset): DisplayImage | undefined {
  if (!image?.src) return undefined;
  return { alt: image.alt ?? '', src: String(getAsset(image.src) ?? image.src) };
}

export const landingPreviewAdapters: {
  [Type in LandingBlockType]: (section: Section<Type>, getAsset: GetAsset) => LandingBlockProps[Type];
} = {
  // The preview shows a section as a visitor without a variant sees it, the original, so not its experiment (whose
  // variants may be half written).
  hero: ({ image, experiment: _experiment, ...hero }, getAsset) => ({ ...hero, image: previewImage(image, getAsset) }),
  services: ({ services: names, ...section }) => ({
    ...section,
    services: named(names, services, (service) => service.slug),
  }),
  plans: ({ plans: names, ...section }) => ({
    ...section,
    plans: named(names, plans, (plan) => plan.id),
    mostPopularLabel: pricing.mostPopularLabel,
    quoteCta: pricing.quoteCta,
  }),
  testimonials: ({ testimonials: names, ...section }, getAsset) => ({
    ...section,
    testimonials: named(names, testimonials, (testimonial) => testimonial.id).map(({ photo, ...testimonial }) => ({
      ...testimonial,
      photo: previewImage(photo, getAsset),
    })),
  }),
  stats: (section) => section,
  reasons: ({ image, ...section }, getAsset) => ({ ...section, image: previewImage(image, getAsset) }),
  text: ({ title, body }) => ({ title, html: markdownHtml(body ?? '') }),
  faq: (section) => section,
  cta: ({ experiment: _experiment, ...section }) => section,
  form: ({ title, intro, form, problem }) =>
    form === 'strategy-call'
      ? { title, intro, contactEmail: site.email, form, copy: forms.booking, bookingCopy: forms.bookingTime }
      : { title, intro, contactEmail: site.email, form: 'demo-request', copy: forms.contact, problem },
};

/** One section from the entry, as the site renders it; the form cannot be used in the preview. */
function PreviewSection({
  section,
  getAsset,
  sectionKey,
}: {
  section: LandingSection;
  getAsset: GetAsset;
  sectionKey: string;
}) {
  const adapt = landingPreviewAdapters[section.type] as (
    section: LandingSection,
    getAsset: GetAsset,
  ) => ResolvedSection;
  const block = (
    <LandingBlock
      section={{ ...adapt(section, getAsset), type: section.type } as ResolvedSection}
      sectionKey={sectionKey}
    />
  );
  return section.type === 'form' ? <div inert>{block}</div> : block;
}

/** A section still missing what its block needs (just added, being filled in) says so; the others still show. */
class IncompleteSection extends Component<{ section: unknown; children: ReactNode }, { failedFor?: unknown }> {
  state: { failedFor?: unknown } = {};

  static getDerivedStateFromError() {
    return { failedFor: null };
  }

  componentDidCatch() {
    this.setState({ failedFor: this.props.section });
  }

  render() {
    const failed = this.state.failedFor === null || this.state.failedFor === this.props.section;
    return failed ? <p>This section appears once its required fields are filled in.</p> : this.props.children;
  }
}

export function LandingSectionsPreview({
  sections,
  getAsset,
}: {
  sections: readonly LandingSection[] | undefined;
  getAsset: GetAsset;
}) {
  return (
    <>
      {(sections ?? []).map((section, index) => (
        <IncompleteSection key={index} section={section}>
          <PreviewSection section={section} getAsset={getAsset} sectionKey={`section-${index + 1}`} />
        </IncompleteSection>
      ))}
    </>
  );
}

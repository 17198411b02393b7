// Every content file (or folder of files) the site reads, the schema it must satisfy and the GraphQL
// type it becomes. Adding a content type means adding one line here.
import type { ZodType } from 'zod';
import * as schemas from './schemas';
import { chatScript } from '../features/chat/script-schema';
import { bookingFormCopy, contactFormCopy } from '../features/forms/copy-schema';
import { bookingCopy } from '../features/booking/copy-schema';
import { callOutcomeCopy } from '../features/call-outcome/copy-schema';
import { releaseLeadCopy } from '../features/release-lead/copy-schema';
import { redirect } from './redirect-schema';
import { landingPage } from './landing-schema';
import { INSIGHTS_PLACEHOLDERS, insightsCopy } from './insights-schema';

type Common = {
  typeName: string;
  schema: ZodType;
  /** What the file holds, in words, for messages. */
  label: string;
  /**
   * Also expose the whole validated object as one `content: JSON!` field, for copy that a component
   * takes as a unit (a form's texts, the chat script) rather than field by field.
   */
  asUnit?: boolean;
  /** Placeholders the file's component fills in at run time (besides the site placeholders), e.g. `email`. */
  runtimePlaceholders?: string[];
};

export type ContentSource =
  /** A JSON file holding one object: one node of `typeName`. */
  | (Common & { kind: 'json-object'; file: string })
  /** A JSON file holding a list: one node of `typeName` per item. */
  | (Common & {
      kind: 'json-list';
      file: string;
      itemName: string;
      /** The site may have none (the short links): the editor lets the last one be removed. */
      mayBeEmpty?: boolean;
    })
  /** A folder of MDX files whose frontmatter matches `schema`: one node of `typeName` per file. */
  | (Common & { kind: 'mdx-folder'; folder: string })
  /** A folder of JSON files, each one object: one node of `typeName` per file (may be empty). */
  | (Common & { kind: 'json-folder'; folder: string });

/** The sources whose files are a folder of them, one entry per file. */
export type FolderSource = ContentSource & { kind: 'mdx-folder' | 'json-folder' };
export const isFolderSource = (source: ContentSource): source is FolderSource =>
  source.kind === 'mdx-folder' || source.kind === 'json-folder';
/** The extension of the files in a folder source. */
export const folderExtension = (source: FolderSource) => (source.kind === 'mdx-folder' ? 'mdx' : 'json');

export const contentSources: ContentSource[] = [
  { kind: 'json-object', file: 'site.json', typeName: 'SiteJson', schema: schemas.site, label: 'site settings' },
  { kind: 'json-object', file: 'pages/home.json', typeName: 'HomeJson', schema: schemas.home, label: 'home page' },
  {
    kind: 'json-object',
    file: 'pages/services.json',
    typeName: 'ServicesPageJson',
    schema: schemas.servicesPage,
    label: 'services page',
  },
  {
    kind: 'json-object',
    file: 'pages/pricing.json',
    typeName: 'PricingPageJson',
    schema: schemas.pricingPage,
    label: 'pricing page',
  },
  {
    kind: 'json-object',
    file: 'pages/contact.json',
    typeName: 'ContactPageJson',
    schema: schemas.leadPage,
    label: 'contact page',
  },
  {
    kind: 'json-object',
    file: 'pages/book.json',
    typeName: 'BookPageJson',
    schema: schemas.leadPage,
    label: 'book page',
  },
  {
    kind: 'json-object',
    file: 'pages/not-found.json',
    typeName: 'NotFoundPageJson',
    schema: schemas.notFoundPage,
    label: 'page-not-found page',
  },
  {
    kind: 'json-object',
    file: 'pages/legal.json',
    typeName: 'LegalChromeJson',
    schema: schemas.legalChrome,
    label: 'legal page labels',
  },
  {
    kind: 'json-object',
    file: 'forms/contact-form.json',
    typeName: 'ContactFormJson',
    schema: contactFormCopy,
    label: 'demo request form',
    asUnit: true,
    runtimePlaceholders: ['email'],
  },
  {
    kind: 'json-object',
    file: 'forms/booking-form.json',
    typeName: 'BookingFormJson',
    schema: bookingFormCopy,
    label: 'strategy call form',
    asUnit: true,
    runtimePlaceholders: ['email'],
  },
  {
    kind: 'json-object',
    file: 'booking.json',
    typeName: 'BookingJson',
    schema: bookingCopy,
    label: 'booking of a time',
    asUnit: true,
    runtimePlaceholders: ['email', 'day', 'time', 'zone', 'teamZone'],
  },
  {
    kind: 'json-object',
    file: 'call-outcome.json',
    typeName: 'CallOutcomeJson',
    schema: callOutcomeCopy,
    label: "host's who-turned-up page",
    asUnit: true,
    runtimePlaceholders: ['email', 'name', 'day', 'time', 'zone', 'outcome', 'by'],
  },
  {
    kind: 'json-object',
    file: 'release-lead.json',
    typeName: 'ReleaseLeadJson',
    schema: releaseLeadCopy,
    label: "team's page for releasing a held lead",
    asUnit: true,
    runtimePlaceholders: ['email', 'name', 'surface', 'reason', 'day', 'time', 'zone', 'zoneId'],
  },
  {
    kind: 'json-object',
    file: 'insights.json',
    typeName: 'InsightsJson',
    schema: insightsCopy,
    label: "team's insights dashboard",
    asUnit: true,
    runtimePlaceholders: INSIGHTS_PLACEHOLDERS,
  },
  {
    kind: 'json-object',
    file: 'chat.json',
    typeName: 'ChatJson',
    schema: chatScript,
    label: 'chat assistant script',
    asUnit: true,
    runtimePlaceholders: ['email', 'max', 'preference', 'zone', 'answer', 'day', 'time', 'teamZone'],
  },
  {
    kind: 'json-list',
    file: 'plans.json',
    typeName: 'PlansJson',
    schema: schemas.plan,
    label: 'plans',
    itemName: 'plan',
  },
  {
    kind: 'json-list',
    file: 'testimonials.json',
    typeName: 'TestimonialsJson',
    schema: schemas.testimonial,
    label: 'testimonials',
    itemName: 'testimonial',
  },
  {
    kind: 'json-list',
    file: 'redirects.json',
    typeName: 'RedirectsJson',
    schema: redirect,
    label: 'short links',
    itemName: 'redirect',
    mayBeEmpty: true,
  },
  {
    kind: 'mdx-folder',
    folder: 'services',
    typeName: 'Service',
    schema: schemas.serviceFrontmatter,
    label: 'services',
  },
  {
    kind: 'mdx-folder',
    folder: 'legal',
    typeName: 'LegalPage',
    schema: schemas.legalFrontmatter,
    label: 'legal pages',
  },
  {
    kind: 'json-folder',
    folder: 'landing',
    typeName: 'LandingPage',
    schema: landingPage,
    label: 'landing pages',
  },
];

export const contentRoot = 'content';

// The editor's whole configuration, built in code from the content registry (Decap CMS manual initialisation,
// `CMS.init({ config })`): one collection entry per content file or folder, fields derived from the schemas.
import type { ZodType } from 'zod';
import {
  contentSources,
  contentRoot,
  folderExtension,
  isFolderSource,
  type ContentSource,
} from '../content-model/registry';
import { editorFields, editorListField, type EditorField, type RelationTarget } from '../content-model/editor-fields';
import { listFieldName } from '../content-model/content-formats';
import { referenceTargets, type ReferenceTarget } from '../content-model/field-kinds';
import { IMAGE_FOLDER, IMAGE_PUBLIC_PATH } from '../content-model/image-schema';
import contactForm from '../../content/forms/contact-form.json';
import { pinnedFields } from '../content-model/spec-texts';
import { fieldHint } from '../content-model/editor-wording';
import { PRIVACY_POLICY_PATH, type pageRoutes } from '../content-model/route-paths';

/** Where the editor saves: set by the site owner for the deployed site (CONTENT.md, "Setting up the editor"). */
export type BackendSettings = {
  /** `owner/name` of the GitHub repository. */
  repo: string;
  /** The OAuth provider's address: Netlify's, https://api.netlify.com, unless the owner runs another. */
  authBaseUrl: string;
  /** The deployed site, for links from the editor to the page. */
  siteUrl: string;
};

/** `decap-server` (npm start) on this machine; the editor looks for it only when opened on localhost/127.0.0.1. */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:8081/api/v1';

export type FileEntry = { name: string; label: string; file: string; preview_path: string; fields: EditorField[] };
export type Collection =
  | {
      name: string;
      label: string;
      description: string;
      format: string;
      files: FileEntry[];
      editor: { preview: boolean };
    }
  | {
      name: string;
      label: string;
      label_singular: string;
      folder: string;
      extension: 'mdx' | 'json';
      format: string;
      create: boolean;
      delete: boolean;
      slug: string;
      preview_path: string;
      identifier_field: string;
      summary?: string;
      fields: EditorField[];
    };

export const formatName = (source: ContentSource) => `content-${source.typeName}`;

const BODY_FIELD: EditorField = {
  name: 'body',
  label: 'Text',
  widget: 'mdx-body',
  required: true,
  hint: fieldHint('body', false),
};

/** The file collections, grouped as a marketer looks for them. */
const FILE_GROUPS: { name: string; label: string; typeNames: string[] }[] = [
  {
    name: 'pages',
    label: 'Pages',
    typeNames: [
      'HomeJson',
      'ServicesPageJson',
      'PricingPageJson',
      'ContactPageJson',
      'BookPageJson',
      'NotFoundPageJson',
      'LegalChromeJson',
    ],
  },
  { name: 'offer', label: 'Plans and testimonials', typeNames: ['PlansJson', 'TestimonialsJson'] },
  {
    name: 'forms',
    label: 'Forms',
    typeNames: ['ContactFormJson', 'BookingFormJson', 'BookingJson', 'CallOutcomeJson', 'ReleaseLeadJson'],
  },
  { name: 'chat', label: 'Chat assistant', typeNames: ['ChatJson'] },
  { name: 'insights', label: 'Insights dashboard', typeNames: ['InsightsJson'] },
  { name: 'settings', label: 'Site settings', typeNames: ['SiteJson'] },
  { name: 'short-links', label: 'Short links', typeNames: ['RedirectsJson'] },
];

type FolderCollection = {
  name: string;
  label: string;
  singular: string;
  create: boolean;
  delete: boolean;
  /** The file name of a new entry (Decap's `slug` template) and the field that names an entry. */
  slug: string;
  identifier: string;
  /** How an entry is listed, if not by its identifier. */
  summary?: string;
  previewPath: string;
};
const FOLDER_COLLECTIONS: Record<string, FolderCollection> = {
  // New services get a page and a card; legal pages are the business's legal documents, changed, not added.
  // A service is a section of /services whose id is its file name; a legal page's route is its `slug` field.
  Service: {
    name: 'services',
    label: 'Services',
    singular: 'Service',
    create: true,
    delete: false,
    slug: '{{slug}}',
    identifier: 'title',
    previewPath: 'services#{{filename}}',
  },
  LegalPage: {
    name: 'legal',
    label: 'Legal pages',
    singular: 'Legal page',
    create: false,
    delete: false,
    slug: '{{slug}}',
    identifier: 'title',
    previewPath: '{{fields.slug}}',
  },
  // Campaign pages come and go: a new one is named after its address (content/landing/<slug>.json) and opens at
  // it; a page taken down may be deleted (a short link can send its old address elsewhere).
  LandingPage: {
    name: 'landing',
    label: 'Landing pages',
    singular: 'Landing page',
    create: true,
    delete: true,
    slug: '{{fields.slug}}',
    identifier: 'slug',
    summary: '/{{fields.slug}}: {{meta.title}}',
    previewPath: '{{fields.slug}}',
  },
};

/** The field an item of each reference target is shown by when choosing it: a service's title, a plan's name. */
const REFERENCE_DISPLAY: Record<ReferenceTarget, string> = {
  Service: 'title',
  PlansJson: 'name',
  TestimonialsJson: 'name',
};

/**
 * Where the relation widget finds the items a reference names: a service in its folder collection by its file
 * name (`{{slug}}`), a plan or a testimonial in its file's list by its id (`plans.*.id`), each shown by its name.
 */
function relationTargets(): Record<ReferenceTarget, RelationTarget> {
  const targets = Object.keys(referenceTargets) as ReferenceTarget[];
  return Object.fromEntries(
    targets.map((target) => {
      const source = contentSources.find((candidate) => candidate.typeName === target);
      const display = REFERENCE_DISPLAY[target];
      if (source?.kind === 'json-list') {
        const list = listFieldName(source);
        const key = referenceTargets[target].key;
        const relation: RelationTarget = {
          collection: source.typeName,
          file: source.typeName,
          value_field: `${list}.*.${key}`,
          search_fields: [`${list}.*.${display}`],
          display_fields: [`${list}.*.${display}`],
        };
        return [target, relation];
      }
      if (source && isFolderSource(source) && referenceTargets[target].key === 'slug') {
        const relation: RelationTarget = {
          collection: FOLDER_COLLECTIONS[target].name,
          value_field: '{{slug}}',
          search_fields: [display],
          display_fields: [display],
        };
        return [target, relation];
      }
      throw new Error(`${target}: no editor collection to choose it from`);
    }),
  ) as Record<ReferenceTarget, RelationTarget>;
}

/**
 * Fields whose choices live in another file, read when the editor is built: a landing page's demo form may have
 * its "What would you like to automate?" answer chosen in advance, from the demo form's own options.
 */
const CHOICES: Record<string, Record<string, string[]>> = {
  LandingPage: { 'sections[form].problem': contactForm.inputs.problem.options },
};

type PageRoute = (typeof pageRoutes)[number];
/**
 * The page each content file shows on, which "View Preview" opens on the pull request's deploy preview (Decap's
 * `preview_path`, relative to the preview's address). Copy used on every page opens the home page.
 */
const FILE_PREVIEW_ROUTES: Record<string, PageRoute | typeof PRIVACY_POLICY_PATH | '/404.html'> = {
  HomeJson: '/',
  ServicesPageJson: '/services',
  PricingPageJson: '/pricing',
  ContactPageJson: '/contact',
  BookPageJson: '/book',
  NotFoundPageJson: '/404.html',
  LegalChromeJson: PRIVACY_POLICY_PATH,
  PlansJson: '/pricing',
  TestimonialsJson: '/',
  ContactFormJson: '/contact',
  BookingFormJson: '/book',
  BookingJson: '/book',
  CallOutcomeJson: '/call-outcome',
  ReleaseLeadJson: '/release-lead',
  // The dashboard's texts (and the sign-in e-mail's, which has no page of its own).
  InsightsJson: '/insights',
  ChatJson: '/',
  SiteJson: '/',
  // A short link has no page of its own: View Preview opens the home page.
  RedirectsJson: '/',
};

function filePreviewPath(typeName: string): string {
  const route = FILE_PREVIEW_ROUTES[typeName];
  if (!route) throw new Error(`${typeName}: no page to preview it on (FILE_PREVIEW_ROUTES)`);
  return route === '/' ? '/' : route.slice(1);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The pinned fields of one content file, as paths inside it. */
function pinnedIn(file: string): string[] {
  return pinnedFields.filter((pinned) => pinned.file === file).map((pinned) => pinned.field);
}

/** Fields and checks of one content source; `checks` collects the zod schema behind every checked field. */
function sourceFields(source: ContentSource, checks: Map<string, ZodType>): EditorField[] {
  const options = { prefix: source.typeName, relations: relationTargets(), choices: CHOICES[source.typeName] };
  const derived =
    source.kind === 'json-list'
      ? editorListField(listFieldName(source), source.schema, {
          ...options,
          pinned: pinnedIn(source.file),
          mayBeEmpty: source.mayBeEmpty,
        })
      : editorFields(source.schema, {
          ...options,
          pinned: source.kind === 'json-object' ? pinnedIn(source.file) : [],
        });
  for (const [key, schema] of derived.checks) checks.set(key, schema);
  if (source.kind === 'json-list') {
    // The file is this one list (the plans, the testimonials): its items open, not folded to their titles.
    return derived.fields.map((field) => ({ ...field, collapsed: false }));
  }
  return source.kind === 'mdx-folder' ? [...derived.fields, BODY_FIELD] : derived.fields;
}

const fieldsBySource = new Map<string, EditorField[]>();

/** The editor's fields of one content source, as its collection has them: the labels a refusal names. */
export function editorFieldsOf(source: ContentSource): EditorField[] {
  const known = fieldsBySource.get(source.typeName);
  if (known) return known;
  const fields = sourceFields(source, new Map());
  fieldsBySource.set(source.typeName, fields);
  return fields;
}

export function cmsCollections(checks: Map<string, ZodType>): Collection[] {
  const bySource = new Map(contentSources.map((source) => [source.typeName, source]));
  // One collection per file: Decap takes a file's format from its collection only (a `format` on a file of a
  // shared collection is ignored and the default JSON printer reorders the keys), and each file has its own.
  const fileCollections = FILE_GROUPS.flatMap(({ label: group, typeNames }) =>
    typeNames.map((typeName) => {
      const source = bySource.get(typeName);
      if (!source || isFolderSource(source)) throw new Error(`${typeName} is not a content file`);
      const label = capitalised(source.label);
      const file: FileEntry = {
        name: typeName,
        label,
        file: `${contentRoot}/${source.file}`,
        preview_path: filePreviewPath(typeName),
        fields: sourceFields(source, checks),
      };
      return {
        name: typeName,
        label,
        description: group,
        format: formatName(source),
        editor: { preview: true },
        files: [file],
      };
    }),
  );
  const folderCollections = contentSources.flatMap((source): Collection[] => {
    if (!isFolderSource(source)) return [];
    const collection = FOLDER_COLLECTIONS[source.typeName];
    if (!collection) throw new Error(`${source.typeName}: no editor collection for this folder`);
    return [
      {
        name: collection.name,
        label: collection.label,
        label_singular: collection.singular,
        folder: `${contentRoot}/${source.folder}`,
        extension: folderExtension(source),
        format: formatName(source),
        create: collection.create,
        delete: collection.delete,
        slug: collection.slug,
        preview_path: collection.previewPath,
        identifier_field: collection.identifier,
        ...(collection.summary ? { summary: collection.summary } : {}),
        fields: sourceFields(source, checks),
      },
    ];
  });
  return [...fileCollections, ...folderCollections];
}

/** Every content type the registry knows must have its place in the editor: checked by the coverage test too. */
export function editorTypeNames(): string[] {
  return [...FILE_GROUPS.flatMap((group) => group.typeNames), ...Object.keys(FOLDER_COLLECTIONS)];
}

export function cmsConfig(settings: BackendSettings, checks: Map<string, ZodType>) {
  return {
    load_config_file: false,
    backend: {
      name: 'github',
      repo: settings.repo,
      branch: 'main',
      base_url: settings.authBaseUrl,
      // Each save is a pull request; its squash-merge message names the entry.
      squash_merges: true,
    },
    publish_mode: 'editorial_workflow',
    local_backend: { url: LOCAL_BACKEND_URL },
    site_url: settings.siteUrl,
    display_url: settings.siteUrl,
    // Images uploaded in the editor: stored in the repository beside the content, named in it by their public
    // path (/images/x.jpg); the build resizes them (gatsby-plugin-image), the site never serves the upload itself.
    media_folder: IMAGE_FOLDER,
    public_folder: IMAGE_PUBLIC_PATH,
    editor: { preview: true },
    collections: cmsCollections(checks),
  };
}

/** The content type of a folder collection's entries, by the collection's name: `landing` → LandingPage. */
export const folderCollectionTypeName = (collection: string): string | undefined =>
  Object.entries(FOLDER_COLLECTIONS).find(([, folder]) => folder.name === collection)?.[0];

/** The folder collection holding the entries of a content type: LandingPage → `landing`. */
export const folderCollectionName = (typeName: string): string | undefined => FOLDER_COLLECTIONS[typeName]?.name;

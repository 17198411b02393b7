// The checks a landing page needs beyond its schema: a free, clean address; references to services, plans and
// testimonials that exist; a hero at the top; one lead form, with a problem the demo form offers; and, for every
// content file, uploaded images that exist, are images and are small enough.
import fs from 'node:fs';
import path from 'node:path';
import type { ZodType } from 'zod';
import { referenceTargets, type ReferenceTarget } from './field-kinds';
import { imageContentPath, imageFileProblem, missingImageProblem } from './image-schema';
import { fileNames, namedProblem } from './friendly-issue';
import { markedValues } from './marked-values';
import { RESERVED_PATHS, pageRoutes } from './route-paths';
import type { LandingPageContent } from './landing-schema';
import { FORM_ANCHOR } from './schemas';
import { stringsIn } from '../lib/json-strings';

export type CheckedEntry = { file: string; item?: string; value: Record<string, unknown> };
type Problem = { file: string; item?: string; message: string };

/** What an entry of each reference target is called by: a service by its file name, a plan by its name. */
export function referenceKeys(target: ReferenceTarget, entries: CheckedEntry[]): string[] {
  if (referenceTargets[target].key === 'slug') {
    return entries.map((entry) => path.posix.basename(entry.file).replace(/\.[^.]+$/, ''));
  }
  return entries.map((entry) => String(entry.value[referenceTargets[target].key]));
}

export function landingPageProblems(
  pages: CheckedEntry[],
  options: {
    schema: ZodType;
    legalRoutes: string[];
    /** The names each target's items go by; none for a target whose file has problems of its own. */
    targets: Record<ReferenceTarget, string[] | undefined>;
    /** The demo form's choices; none when its file has problems of its own. */
    problemOptions: string[] | undefined;
  },
): Problem[] {
  const problems: Problem[] = [];
  const taken = new Map<string, string>([
    ...pageRoutes.map((route) => [route, `the site's page ${route}`] as const),
    ...options.legalRoutes.map((route) => [route, `the legal page ${route}`] as const),
    ...RESERVED_PATHS.map((route) => [route, 'files the site needs'] as const),
  ]);
  for (const entry of pages) {
    const page = entry.value as LandingPageContent;
    const problem = (message: string) => problems.push({ file: entry.file, message });
    const route = `/${page.slug}`;
    const owner = taken.get(route);
    if (owner)
      problem(`'slug' ${page.slug} gives the address ${route}, which is already ${owner}. Choose another slug.`);
    else taken.set(route, `the landing page ${entry.file}`);

    const heroes = page.sections.flatMap((section, index) => (section.type === 'hero' ? [index] : []));
    if (heroes.length !== 1 || heroes[0] !== 0) {
      problem(
        `a landing page starts with one hero section (it holds the page's main heading) and has no other; this one has ${heroes.length === 0 ? 'none' : `${heroes.length === 1 ? 'one' : heroes.length} at section${heroes.length === 1 ? '' : 's'} ${heroes.map((index) => index + 1).join(', ')}`}. Move one hero to the top and remove any other.`,
      );
    }
    const forms = page.sections.flatMap((section, index) => (section.type === 'form' ? [index] : []));
    const anchored = stringsIn(page).some((found) => found.key === 'to' && found.text === FORM_ANCHOR);
    if (anchored && forms.length === 0) {
      problem(
        `a button links to ${FORM_ANCHOR}, but the page has no form section. Add a form section, or link to /contact.`,
      );
    }
    if (forms.length > 1) {
      problem(
        `sections ${forms.map((index) => index + 1).join(' and ')} are both forms; a page holds one lead form. Remove all but one, and link to it from buttons with #form.`,
      );
    }
    page.sections.forEach((section, index) => {
      if (section.type !== 'form' || section.problem === undefined) return;
      if (section.form !== 'demo-request') {
        problem(
          `'sections[${index + 1}].problem' only applies to the demo-request form. Remove it, or set form to demo-request.`,
        );
      } else if (options.problemOptions && !options.problemOptions.includes(section.problem)) {
        problem(
          `'sections[${index + 1}].problem' is '${section.problem}', which the demo request form does not offer. Use one of: ${options.problemOptions.join('; ')}.`,
        );
      }
    });

    // Each list of references (a section's services, plans, testimonials), as the values it names in order.
    const lists = new Map<string, string[]>();
    for (const marked of markedValues(options.schema, entry.value)) {
      if (marked.kind.kind !== 'reference') continue;
      const list = marked.field.replace(/\[\d+\]$/, '');
      lists.set(list, [...(lists.get(list) ?? []), String(marked.value)]);
      const known = options.targets[marked.kind.to];
      if (!known) continue;
      const label = referenceTargets[marked.kind.to].label;
      if (!known.includes(String(marked.value))) {
        problem(
          `'${marked.field}' names '${String(marked.value)}', which is not one of the ${label}. Use one of: ${known.join(', ')}.`,
        );
      }
    }
    for (const [list, names] of lists) {
      const repeated = names.find((name, index) => names.indexOf(name) !== index);
      const section = page.sections[Number(/^sections\[(\d+)\]/.exec(list)?.[1]) - 1];
      if (repeated !== undefined) problem(`the ${section?.type} section names '${repeated}' twice. Remove one.`);
    }
  }
  return problems;
}

/** Every uploaded image named by `entry`: it must be in content/images, an image, and at most MAX_IMAGE_BYTES. */
export function imageProblems(entry: CheckedEntry, schema: ZodType, contentDir: string): Problem[] {
  return markedValues(schema, entry.value).flatMap((marked): Problem[] => {
    if (marked.kind.kind !== 'image') return [];
    const src = String(marked.value);
    const file = path.join(contentDir, imageContentPath(src));
    const problem = (message: string) => [
      { file: entry.file, item: entry.item, message: namedProblem(fileNames, marked.path, message) },
    ];
    if (!fs.existsSync(file)) return problem(missingImageProblem(src));
    const header = Buffer.alloc(16);
    const descriptor = fs.openSync(file, 'r');
    fs.readSync(descriptor, header, 0, 16, 0);
    fs.closeSync(descriptor);
    const fileProblem = imageFileProblem(src, fs.statSync(file).size, header);
    if (fileProblem) return problem(fileProblem);
    return [];
  });
}

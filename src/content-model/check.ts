// Validates every content file before Gatsby runs, and reports each problem as
// "file, item: field: what is wrong. How to fix it." Run by `npm run check:content`, by the build
// (gatsby-node) and by the tests.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { contentRoot, contentSources, type ContentSource } from './registry';
import { LINK_ONLY_PATHS, PRIVACY_POLICY_PATH, pageRoutes } from './routes';
import { TEAM_PATHS } from './route-paths';
import { FORM_ANCHOR, site } from './schemas';
import { describeIssue, fileNames, schemaIssues } from './friendly-issue';
import { siteTokenNames, unknownTokens } from './site-tokens';
import { stringsIn } from '../lib/json-strings';
import { redirectProblems } from './redirect-check';
import { contentFiles } from './content-file-list';
import { imageProblems, landingPageProblems, referenceKeys } from './check-landing';
import { experimentProblems } from './check-experiments';
import { landingPage } from './landing-schema';
import type { ReferenceTarget } from './field-kinds';
import type { ContactFormCopy } from '../features/forms/copy-schema';

export type ContentProblem = { file: string; item?: string; message: string };

type LoadedEntry = { file: string; item?: string; data: unknown; body?: string };

function itemLabel(itemName: string, index: number, value: unknown): string {
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  // A short link is named by its address: redirect 2 '/dental'.
  const name = [record.name, record.title, record.from].find((candidate) => typeof candidate === 'string');
  return `${itemName} ${index + 1}${name ? ` '${name}'` : ''}`;
}

function readJson(absolute: string, file: string, problems: ContentProblem[]): unknown {
  try {
    return JSON.parse(fs.readFileSync(absolute, 'utf8')) as unknown;
  } catch (error) {
    problems.push({
      file,
      message: `is not valid JSON (${(error as Error).message}). Look for a missing comma or quote, or a trailing comma.`,
    });
    return undefined;
  }
}

function readEntries(root: string, source: ContentSource, problems: ContentProblem[]): LoadedEntry[] {
  if (source.kind === 'json-folder') {
    // A site may have no landing pages: the folder may be empty or missing.
    return contentFiles(root)
      .filter((found) => found.source === source)
      .flatMap(({ file: name }) => {
        const file = path.posix.join(contentRoot, name);
        const data = readJson(path.join(root, name), file, problems);
        return data === undefined ? [] : [{ file, data }];
      });
  }
  if (source.kind === 'mdx-folder') {
    const folder = path.join(root, source.folder);
    const relativeFolder = path.posix.join(contentRoot, source.folder);
    if (!fs.existsSync(folder)) {
      problems.push({ file: relativeFolder, message: `the folder for ${source.label} is missing. Create it.` });
      return [];
    }
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.mdx'));
    if (files.length === 0) problems.push({ file: relativeFolder, message: `no .mdx files for ${source.label}.` });
    return files.sort().flatMap((name) => {
      const file = path.posix.join(relativeFolder, name);
      try {
        const parsed = matter(fs.readFileSync(path.join(folder, name), 'utf8'));
        return [{ file, data: parsed.data, body: parsed.content }];
      } catch (error) {
        problems.push({
          file,
          message: `the frontmatter between the --- lines is not valid YAML (${(error as Error).message.split('\n')[0]}). Check indentation and quotes.`,
        });
        return [];
      }
    });
  }
  const file = path.posix.join(contentRoot, source.file);
  const absolute = path.join(root, source.file);
  if (!fs.existsSync(absolute)) {
    problems.push({ file, message: `the file for ${source.label} is missing. Restore it from git.` });
    return [];
  }
  const data = readJson(absolute, file, problems);
  if (data === undefined) return [];
  if (source.kind === 'json-object') return [{ file, data }];
  if (!Array.isArray(data)) {
    problems.push({ file, message: `must be a list ([ … ]) of ${source.itemName}s.` });
    return [];
  }
  return data.map((value, index) => ({ file, item: itemLabel(source.itemName, index, value), data: value }));
}

/**
 * What the schema of `source` finds wrong with one of its entries (an object file, an item of a list file, an MDX
 * file's frontmatter), each problem named as the file has it: the words the editor says too (src/admin).
 */
export function schemaProblems(source: ContentSource, data: unknown): string[] {
  const checked = { schema: source.schema, value: data };
  return schemaIssues(source.schema, data).flatMap((issue) => describeIssue(issue, checked, fileNames));
}

export type ValidContent = Map<
  ContentSource,
  { file: string; item?: string; value: Record<string, unknown>; body?: string }[]
>;

/** Loads and validates every content file under `root` (the content/ folder). */
export function loadContent(root: string): { problems: ContentProblem[]; content: ValidContent } {
  const problems: ContentProblem[] = [];
  const content: ValidContent = new Map();
  // References into a file with problems are not checked: its own problems are the ones to fix first.
  const faulty = new Set<string>();
  for (const source of contentSources) {
    const before = problems.length;
    const valid = readEntries(root, source, problems).flatMap((entry) => {
      const result = source.schema.safeParse(entry.data);
      if (result.success) {
        return [
          { file: entry.file, item: entry.item, value: result.data as Record<string, unknown>, body: entry.body },
        ];
      }
      for (const message of schemaProblems(source, entry.data)) {
        problems.push({ file: entry.file, item: entry.item, message });
      }
      return [];
    });
    content.set(source, valid);
    if (problems.length > before) faulty.add(source.typeName);
  }
  problems.push(...crossCheck(content, root, faulty), ...redirectProblems(entriesOf(content, 'RedirectsJson'), root));
  return { problems, content };
}

function entriesOf(content: ValidContent, typeName: string) {
  return [...content.entries()].find(([source]) => source.typeName === typeName)?.[1] ?? [];
}

function crossCheck(content: ValidContent, root: string, faulty: Set<string>): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const legalSlugs = entriesOf(content, 'LegalPage').map((entry) => `/${entry.value.slug as string}`);
  const landingSlugs = entriesOf(content, 'LandingPage').map((entry) => `/${entry.value.slug as string}`);
  // The change/cancel, who-turned-up and release pages work only from their own secret links, and the team's
  // dashboard is for the team: nothing in the copy links there.
  const routes = new Set<string>([
    ...pageRoutes.filter((route) => !LINK_ONLY_PATHS.includes(route) && !TEAM_PATHS.includes(route)),
    ...legalSlugs,
    ...landingSlugs,
  ]);
  const known = [...routes].sort().join(', ');

  const tokenList = siteTokenNames.map((name) => `{${name}}`).join(', ');
  for (const [source, entries] of content) {
    const runtimePlaceholders = source.runtimePlaceholders ?? [];
    for (const entry of entries) {
      const strings = stringsIn(entry.value);
      const texts = strings.map((found) => found.text);
      if (entry.body && source.typeName === 'LegalPage' && /[{}]/.test(entry.body)) {
        // Legal pages are compiled as MDX, where braces are code: placeholders cannot work there.
        problems.push({
          file: entry.file,
          message: `curly brackets ({ }) cannot be used in a legal page's text, not even placeholders. Write the words or figures out.`,
        });
      } else if (entry.body) texts.push(entry.body);
      for (const name of new Set(texts.flatMap((text) => unknownTokens(text, runtimePlaceholders)))) {
        problems.push({
          file: entry.file,
          item: entry.item,
          message: `'{${name}}' is not a known placeholder. Use one of: ${[tokenList, ...runtimePlaceholders.map((known) => `{${known}}`)].join(', ')}.`,
        });
      }
      // A short link's target has its own checks (redirect-check.ts): a chain or a loop is not a missing page.
      const links = strings
        .filter((found) => found.key === 'to' && source.typeName !== 'RedirectsJson')
        .map((found) => found.text);
      const bodyLinks = [...(entry.body ?? '').matchAll(/\]\((\/[^)\s]*)\)/g)].map((match) => match[1]);
      for (const link of [...links, ...bodyLinks]) {
        if (link === FORM_ANCHOR && source.typeName !== 'LandingPage') {
          problems.push({
            file: entry.file,
            item: entry.item,
            message: `the link '${link}' only works on a landing page with a form. Link to /contact or /book instead.`,
          });
        }
        if (!link.startsWith('/')) continue;
        const route = link.split(/[?#]/)[0].replace(/(.)\/$/, '$1');
        if (!routes.has(route)) {
          problems.push({
            file: entry.file,
            item: entry.item,
            message: `the link '${link}' points at a page that does not exist. Use one of: ${known}.`,
          });
        }
      }
    }
  }

  problems.push(...legalComponentProblems(entriesOf(content, 'LegalPage')));
  for (const [source, entries] of content) {
    for (const entry of entries) problems.push(...imageProblems(entry, source.schema, root));
  }
  const contactForm = entriesOf(content, 'ContactFormJson')[0]?.value as ContactFormCopy | undefined;
  problems.push(
    ...landingPageProblems(entriesOf(content, 'LandingPage'), {
      schema: landingPage,
      legalRoutes: legalSlugs,
      targets: Object.fromEntries(
        (['Service', 'PlansJson', 'TestimonialsJson'] as const).map((target) => [
          target,
          faulty.has(target) ? undefined : referenceKeys(target, entriesOf(content, target)),
        ]),
      ) as Record<ReferenceTarget, string[] | undefined>,
      problemOptions: faulty.has('ContactFormJson') ? undefined : contactForm?.inputs.problem.options,
    }),
  );
  // Any page may hold an experiment (a landing page, the home page); their ids are the site's, across pages.
  problems.push(
    ...experimentProblems(
      [...content].flatMap(([source, entries]) => entries.map((entry) => ({ ...entry, schema: source.schema }))),
    ),
  );
  if (!routes.has(PRIVACY_POLICY_PATH)) {
    problems.push({
      file: 'content/legal',
      message: `there is no privacy policy (a legal page with slug ${PRIVACY_POLICY_PATH.slice(1)}), but the forms' and the chat's privacy notices link to it. Restore content/legal/privacy-policy.mdx.`,
    });
  }

  const popular = entriesOf(content, 'PlansJson').filter((entry) => entry.value.mostPopular === true);
  if (popular.length > 1) {
    problems.push({
      file: popular[0].file,
      message: `${popular.map((entry) => entry.item).join(' and ')} are all flagged mostPopular. Only one plan may be; set the others to false.`,
    });
  }
  for (const typeName of ['PlansJson', 'Service']) {
    const seen = new Map<number, string>();
    for (const entry of entriesOf(content, typeName)) {
      const order = entry.value.order as number;
      const label = entry.item ?? entry.file;
      if (seen.has(order)) {
        problems.push({
          file: entry.file,
          item: entry.item,
          message: `'order' ${order} is also used by ${seen.get(order)}. Give each a different number.`,
        });
      }
      seen.set(order, label);
    }
  }
  const slugs = new Set<string>();
  for (const entry of entriesOf(content, 'LegalPage')) {
    const route = `/${entry.value.slug as string}`;
    if ((pageRoutes as readonly string[]).includes(route) || slugs.has(route)) {
      problems.push({ file: entry.file, message: `'slug' ${route} is already used by another page. Choose another.` });
    }
    slugs.add(route);
  }
  return problems;
}

const privacyValueNames = Object.keys(site.shape.privacy.shape);

/** Legal pages may use one component, <PrivacyValue name="…" />, naming a field of site.json `privacy`. */
function legalComponentProblems(entries: { file: string; body?: string }[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const allowed = privacyValueNames.map((name) => `<PrivacyValue name="${name}" />`).join(', ');
  for (const entry of entries) {
    for (const [tag, component] of (entry.body ?? '').matchAll(/<\/?([A-Z][\w.]*)[^>]*>/g)) {
      const name = /^<PrivacyValue\s+name="(\w+)"\s*\/>$/.exec(tag)?.[1];
      if (component === 'PrivacyValue' && name && privacyValueNames.includes(name)) continue;
      problems.push({
        file: entry.file,
        message: `'${tag}' cannot be used in a legal page. The only tag allowed is one of: ${allowed} (the values are in content/site.json, privacy).`,
      });
    }
  }
  return problems;
}

export function formatProblems(problems: ContentProblem[]): string {
  return problems
    .map((problem) => `- ${problem.file}${problem.item ? `, ${problem.item}` : ''}: ${problem.message}`)
    .join('\n');
}

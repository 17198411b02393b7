// Page data shaped like the GraphQL query results, built from the real content files after they pass
// the content checks, so page tests render exactly what the build would.
import path from 'node:path';
import { loadContent } from '../../src/content-model/check';
import { fillSiteTokens, siteTokenValues } from '../../src/content-model/site-tokens';
import { mapStrings } from '../../src/lib/json-strings';

const contentDir = path.resolve(__dirname, '../../content');

export function contentByType(): Record<string, Record<string, unknown>[]> {
  const { problems, content } = loadContent(contentDir);
  if (problems.length > 0) throw new Error(`content has problems: ${JSON.stringify(problems)}`);
  const byType: Record<string, Record<string, unknown>[]> = {};
  const site = [...content].find(([source]) => source.typeName === 'SiteJson')![1][0].value;
  const values = siteTokenValues(site as Parameters<typeof siteTokenValues>[0]);
  // As the GraphQL layer does: site placeholders filled everywhere but in the site settings themselves.
  const fill = <T>(value: T): T => mapStrings(value, (text) => fillSiteTokens(text, values));
  for (const [source, entries] of content) {
    byType[source.typeName] = entries.map((entry) => {
      if (source.typeName === 'SiteJson') return entry.value;
      if (source.typeName !== 'Service') return fill(entry.value);
      return {
        ...fill(entry.value),
        slug: path.basename(entry.file, '.mdx'),
        html: `<p>${fill(entry.body ?? '').trim()}</p>`,
      };
    });
  }
  return byType;
}

export function single<T = Record<string, unknown>>(typeName: string): T {
  return contentByType()[typeName][0] as T;
}

export function nodes<T = Record<string, unknown>>(typeName: string, sortBy?: string): { nodes: T[] } {
  const list = [...contentByType()[typeName]];
  if (sortBy) list.sort((a, b) => (a[sortBy] as number) - (b[sortBy] as number));
  return { nodes: list as T[] };
}

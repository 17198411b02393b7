// Page data shaped like the GraphQL query results, built from the real content files after they pass
// the content checks, so page tests render exactly what the build would.
import path from 'node:path';
import { loadContent } from '../../src/content-model/check';

const contentDir = path.resolve(__dirname, '../../content');

export function contentByType(): Record<string, Record<string, unknown>[]> {
  const { problems, content } = loadContent(contentDir);
  if (problems.length > 0) throw new Error(`content has problems: ${JSON.stringify(problems)}`);
  const byType: Record<string, Record<string, unknown>[]> = {};
  for (const [source, entries] of content) {
    byType[source.typeName] = entries.map((entry) =>
      source.typeName === 'Service'
        ? { ...entry.value, slug: path.basename(entry.file, '.mdx'), html: `<p>${entry.body?.trim()}</p>` }
        : entry.value,
    );
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

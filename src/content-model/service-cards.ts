// What a service card shows (title, summary, icon), read from each content/services file's frontmatter and named
// by its file name, as a landing page names its services. For the editor's preview, which cannot query the
// build's GraphQL: src/admin/previews/service-cards.ts.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { contentRoot, contentSources } from './registry';

export type ServiceCard = { slug: string; title: string; summary: string; icon: string; order: number };

export function readServiceCards(contentDir = path.resolve(__dirname, '../..', contentRoot)): ServiceCard[] {
  const source = contentSources.find((candidate) => candidate.typeName === 'Service');
  if (source?.kind !== 'mdx-folder') throw new Error('the content registry has no folder of services');
  const folder = path.join(contentDir, source.folder);
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => {
      const { title, summary, icon, order } = matter(fs.readFileSync(path.join(folder, name), 'utf8')).data;
      return { slug: name.replace(/\.mdx$/, ''), title, summary, icon, order } as ServiceCard;
    })
    .sort((a, b) => a.order - b.order);
}

// The site's routes, written once: the pages made by files in src/pages, /<slug> for each legal page in
// content/legal and for each landing page in content/landing. The content check, the browser tests and the benchmark all read them from here.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { contentRoot, contentSources } from './registry';
import { pageRoutes } from './route-paths';
import { contentFiles } from './content-file-list';

export { LINK_ONLY_PATHS, MANAGE_BOOKING_PATH, pageRoutes, PRIVACY_POLICY_PATH } from './route-paths';

const legalFolder = contentSources.find((source) => source.typeName === 'LegalPage');

/** The landing pages' routes, in file order (none when the folder is empty or missing). */
export function landingRoutes(contentDir = path.resolve(__dirname, '../..', contentRoot)): string[] {
  return contentFiles(contentDir)
    .filter(({ source }) => source.typeName === 'LandingPage')
    .map(
      ({ file }) => `/${(JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8')) as { slug: string }).slug}`,
    );
}

/** Every route of the site, as visitors reach them: the pages, the legal pages, the landing pages in file order. */
export function siteRoutes(contentDir = path.resolve(__dirname, '../..', contentRoot)): string[] {
  if (legalFolder?.kind !== 'mdx-folder') throw new Error('the content registry has no folder of legal pages');
  const folder = path.join(contentDir, legalFolder.folder);
  const legalRoutes = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.mdx'))
    .sort()
    .map((name) => `/${matter(fs.readFileSync(path.join(folder, name), 'utf8')).data.slug as string}`);
  return [...pageRoutes, ...legalRoutes, ...landingRoutes(contentDir)];
}

// Reads content/site.json for build configuration (site URL, brand name) before GraphQL exists.
import fs from 'node:fs';
import path from 'node:path';
import type { SiteSettings } from './schemas';

export function readSiteSettings(
  contentDir = path.resolve('content'),
): Pick<SiteSettings, 'siteUrl' | 'brandName' | 'tagline' | 'email'> {
  const file = path.join(contentDir, 'site.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SiteSettings;
  } catch {
    // The content check names the problem precisely; here a neutral value lets Gatsby start to report it.
    return { siteUrl: 'http://localhost', brandName: 'Site', tagline: '', email: '' };
  }
}

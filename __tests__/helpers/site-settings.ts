import { useStaticQuery } from 'gatsby';
import { single } from './content-fixtures';

/** Feeds the layout's and head's static queries with the real site settings. */
export function mockSiteSettings() {
  const siteJson = single('SiteJson');
  (useStaticQuery as jest.Mock).mockReturnValue({ siteJson, site: { buildTime: '2026' } });
  return siteJson as Record<string, unknown> & { email: string; brandName: string };
}

import { useStaticQuery } from 'gatsby';
import { single } from './content-fixtures';

/** Feeds the layout's static queries (site settings, chat script) with the real content. */
export function mockSiteSettings() {
  const siteJson = single('SiteJson');
  (useStaticQuery as jest.Mock).mockReturnValue({
    siteJson,
    site: { buildTime: '2026' },
    chatJson: { content: single('ChatJson') },
  });
  return siteJson as Record<string, unknown> & { email: string; brandName: string };
}

/** @jest-environment node */
import { searchablePages } from '../../src/build/sitemap-pages';

test('the sitemap lists every page but a landing page kept out of search engines', () => {
  const pages = [
    { path: '/', pageContext: {} },
    { path: '/dental-clinics', pageContext: { id: 'a', hideFromSearch: false } },
    { path: '/from-the-newsletter', pageContext: { id: 'b', hideFromSearch: true } },
    { path: '/terms', pageContext: null },
  ];
  expect(searchablePages({ allSitePage: { nodes: pages } }).map((page) => page.path)).toEqual([
    '/',
    '/dental-clinics',
    '/terms',
  ]);
});

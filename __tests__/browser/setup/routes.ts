/** Every route of the site, as visitors reach them. */
export const ROUTES = ['/', '/services', '/pricing', '/contact', '/book', '/privacy-policy', '/terms'] as const;

export const screenshotName = (route: string, width: number) =>
  `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')}-${width}.png`;

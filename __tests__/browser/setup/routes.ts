import { siteRoutes } from '../../../src/content-model/routes';

/** Every route of the site, as visitors reach them. */
export const ROUTES = siteRoutes();

export const screenshotName = (route: string, width: number) =>
  `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')}-${width}.png`;

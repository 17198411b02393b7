// The routes made by files in src/pages; legal pages add /<slug> for each file in content/legal.
export const pageRoutes = ['/', '/services', '/pricing', '/contact', '/book'] as const;

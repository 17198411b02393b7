// The routes made by files in src/pages; legal pages add /<slug> for each file in content/legal.
export const pageRoutes = ['/', '/services', '/pricing', '/contact', '/book'] as const;

/** The privacy policy (content/legal, slug privacy-policy); every collection notice links to it. */
export const PRIVACY_POLICY_PATH = '/privacy-policy';

// Route paths the site's own code links to or checks, free of Node modules so browser code may import them.

export const pageRoutes = ['/', '/services', '/pricing', '/contact', '/book', '/booking'] as const;

/** The change/cancel page of a booked call (its link is in the confirmation e-mail); not for search engines. */
export const MANAGE_BOOKING_PATH = '/booking';

/** The privacy policy (content/legal, slug privacy-policy); every collection notice links to it. */
export const PRIVACY_POLICY_PATH = '/privacy-policy';

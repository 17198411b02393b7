import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'gatsby';

/** A page of this site ("/pricing"), as opposed to "https://…", "mailto:…" or a protocol-relative "//host". */
export const isInternalLink = (to: string) => to.startsWith('/') && !to.startsWith('//');

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link from content, which may point at a page of this site or elsewhere (the content schema allows
 * "/…", "https://…" and "mailto:…"): pages go through Gatsby's Link (prefetching, client-side navigation),
 * anything else is a plain anchor.
 */
export function SiteLink({ to, children, ...anchor }: Props) {
  return isInternalLink(to) ? (
    <Link to={to} {...anchor}>
      {children}
    </Link>
  ) : (
    <a href={to} {...anchor}>
      {children}
    </a>
  );
}

// What the site's components import from 'gatsby', for the editor's bundle (esbuild maps 'gatsby' here): links
// are plain anchors in the preview, and the GraphQL fragments the components export are not needed there.
import type { AnchorHTMLAttributes } from 'react';

export function Link({ to, children, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a href={to} {...anchor}>
      {children}
    </a>
  );
}

export const graphql = (parts: TemplateStringsArray) => parts.join('');

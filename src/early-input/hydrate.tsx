// How Gatsby hydrates the page (gatsby-browser's replaceHydrateFunction). Two things differ from its default:
// - Hydration is a transition, so React renders the page in ~5 ms slices and yields to the browser between
//   them, instead of one long task (~190 ms at a phone's 4x CPU slowdown on /contact) that blocks every tap.
//   Input that reaches React mid-way makes it finish hydrating at once and then handles it.
// - Once the page has committed and every component has run its mount effects (adopting what the visitor
//   did before, ./adopt.ts), the root element is marked hydrated and the early-input script stands aside.
import { startTransition, useEffect, type ReactElement, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { HYDRATED_ATTRIBUTE } from './attributes';

/** Renders nothing of its own; its effect runs after every effect below it, i.e. once all have adopted. */
function MarkHydrated({ container, children }: { container: Element; children: ReactNode }) {
  useEffect(() => container.setAttribute(HYDRATED_ATTRIBUTE, ''), [container]);
  return children;
}

/** Returns the cleanup Gatsby's development runtime calls (for its loading indicator); production ignores it. */
export function hydratePage(element: ReactElement, container: Element): () => void {
  const marked = <MarkHydrated container={container}>{element}</MarkHydrated>;
  // Gatsby's rule, asked of this container: only server-rendered page content is hydrated. Not a client-only
  // page (its focus wrapper is empty), not `gatsby develop`'s empty root, not its loading indicator's element.
  if (!container.querySelector('#gatsby-focus-wrapper')?.children.length) {
    const root = createRoot(container);
    root.render(marked);
    return () => root.unmount();
  }
  let root!: Root;
  startTransition(() => {
    root = hydrateRoot(container, marked);
  });
  return () => root.unmount();
}

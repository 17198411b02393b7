// Gatsby ends every page with <script async> tags for its runtime, React and the app. On a fast connection
// they arrive, compile and run before the browser has painted the server-rendered page, holding back the
// first paint (and the largest one: the hero text) by the time it takes to run them. Loading them from a
// small inline script after the first frame lets the HTML, which needs no JavaScript to be read, appear first;
// hydration follows one frame later.
import { isValidElement, type ReactNode } from 'react';

type ScriptProps = { src?: string; async?: boolean };

function isAsyncScript(node: ReactNode): node is React.ReactElement<ScriptProps> {
  return (
    isValidElement<ScriptProps>(node) && node.type === 'script' && Boolean(node.props.src) && Boolean(node.props.async)
  );
}

/** The script that loads `sources` (in order, each async, as Gatsby's tags were) after the first paint. */
export function afterFirstPaintLoader(sources: string[]): string {
  return (
    `requestAnimationFrame(function(){setTimeout(function(){${JSON.stringify(sources)}.forEach(function(src){` +
    `var s=document.createElement("script");s.src=src;s.async=true;document.body.appendChild(s)})},0)})`
  );
}

/** Replaces Gatsby's async script tags in the post-body components by one loader script. */
export function loadScriptsAfterFirstPaint(components: ReactNode[]): ReactNode[] {
  const sources = components.filter(isAsyncScript).map((script) => script.props.src as string);
  if (sources.length === 0) return components;
  return [
    ...components.filter((node) => !isAsyncScript(node)),
    <script
      key="load-scripts-after-first-paint"
      dangerouslySetInnerHTML={{ __html: afterFirstPaintLoader(sources) }}
    />,
  ];
}

// Gatsby ends every page with <script async> tags for its runtime, React and the app. On a fast connection
// they arrive, compile and run before the browser has painted the server-rendered page, holding back the
// first paint (and the largest one: the hero text) by the time it takes to run them. Loading them from a
// small inline script after the first contentful paint lets the HTML, which needs no JavaScript to be read, appear
// first; hydration follows right after. Gatsby writes these tags through its script slice, after every
// SSR hook has run, so the built HTML files are rewritten instead.
import fs from 'node:fs';
import path from 'node:path';

const asyncScriptTag = /<script src="([^"]+)" async(?:="")?><\/script>/g;

/**
 * The inline script that loads `sources` (each async, in this order, as Gatsby's tags were) once the browser
 * reports the first contentful paint; where paint timing is not observable, after the next frame. Three
 * seconds at the latest, so a page opened in a background tab (which does not paint) still hydrates.
 */
export function afterFirstPaintLoader(sources: string[]): string {
  return (
    `<script>(function(){var done=false;function load(){if(done)return;done=true;` +
    `${JSON.stringify(sources)}.forEach(function(src){var s=document.createElement("script");s.src=src;s.async=true;` +
    `document.body.appendChild(s)})}` +
    `try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length)` +
    `{observer.disconnect();setTimeout(load,0)}}).observe({type:"paint",buffered:true})}` +
    `catch(e){requestAnimationFrame(function(){setTimeout(load,0)})}setTimeout(load,3000)})()</script>`
  );
}

/** Replaces a page's async script tags by one loader, where the first of them stood. */
export function loadScriptsAfterFirstPaint(html: string): string {
  const sources = [...html.matchAll(asyncScriptTag)].map((match) => match[1]);
  if (sources.length === 0) return html;
  let first = true;
  return html.replace(asyncScriptTag, () => {
    if (!first) return '';
    first = false;
    return afterFirstPaintLoader(sources);
  });
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/** Rewrites every HTML file of the build; returns how many changed. */
export function rewriteBuiltPages(publicDir: string): number {
  let changed = 0;
  for (const file of htmlFiles(publicDir)) {
    const html = fs.readFileSync(file, 'utf8');
    const rewritten = loadScriptsAfterFirstPaint(html);
    if (rewritten !== html) {
      fs.writeFileSync(file, rewritten);
      changed++;
    }
  }
  return changed;
}

// The review page (artifacts/review/index.html) and its one-paragraph summary (summary.md, for the
// GitHub job summary): changed screens first with before, after and the highlighted difference, then new
// and removed screens, then the unchanged ones collapsed; the copy changes beside them. Images are linked
// by relative path (images/before|after|diff/), so the unzipped folder works offline.
import type { ScreenResult } from './compare';
import { diffWords, type CopyChange } from './copy-diff';
import { escapeHtml, titleFor, widthLabel } from '../review-sheet';

export type ReviewInfo = { builtAt: Date; base: string; head: string };

export const percent = (share: number) =>
  share === 0 ? '0%' : share < 0.0001 ? '<0.01%' : `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;

const src = (folder: string, file: string) => escapeHtml(`images/${folder}/${encodeURIComponent(file)}`);

function figure(folder: string, label: string, result: ScreenResult): string {
  const alt = `${titleFor(result.key)}, ${widthLabel(result.width)}: ${label.toLowerCase()}`;
  return `<figure><a href="${src(folder, result.file)}"><img src="${src(folder, result.file)}" alt="${escapeHtml(alt)}" loading="lazy"></a><figcaption>${label}</figcaption></figure>`;
}

const heading = (result: ScreenResult) =>
  `${escapeHtml(titleFor(result.key))} <span class="width">${escapeHtml(widthLabel(result.width))}</span>`;

function changedScreen(result: ScreenResult): string {
  return `<section class="screen changed">
  <h3>${heading(result)} <span class="share">${percent(result.share ?? 0)} of pixels changed</span></h3>
  <div class="trio">${figure('before', 'Before', result)}${figure('after', 'After', result)}${figure('diff', 'Difference (changed pixels highlighted)', result)}</div>
</section>`;
}

function singleScreen(result: ScreenResult, folder: 'before' | 'after'): string {
  return `<section class="screen ${result.status}"><h3>${heading(result)}</h3><div class="trio">${figure(folder, folder === 'after' ? 'New' : 'Removed', result)}</div></section>`;
}

function wordDiffHtml(before: string, after: string): string {
  return diffWords(before, after)
    .map((part) =>
      part.kind === 'same'
        ? escapeHtml(part.text)
        : part.kind === 'removed'
          ? `<del>${escapeHtml(part.text)}</del>`
          : `<ins>${escapeHtml(part.text)}</ins>`,
    )
    .join('');
}

function copyRow(change: CopyChange): string {
  const text =
    change.kind === 'changed'
      ? `<p class="old"><span>Old</span> ${escapeHtml(change.before ?? '')}</p><p class="new"><span>New</span> ${escapeHtml(change.after ?? '')}</p><p class="words"><span>Words</span> ${wordDiffHtml(change.before ?? '', change.after ?? '')}</p>`
      : change.kind === 'added'
        ? `<p class="new"><span>Added</span> ${escapeHtml(change.after ?? '')}</p>`
        : `<p class="old"><span>Removed</span> ${escapeHtml(change.before ?? '')}</p>`;
  return `<li><code>${escapeHtml(change.file)}</code> · <code>${escapeHtml(change.field)}</code>${text}</li>`;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The routes and states with at least one changed, new or removed screen, e.g. "Home, Contact success". */
export function touchedRoutes(results: ScreenResult[]): string[] {
  return [...new Set(results.filter((r) => r.status !== 'unchanged').map((r) => titleFor(r.key)))];
}

/** One paragraph: how many screens changed and which routes, how many copy fields changed. */
export function renderSummary(results: ScreenResult[], copy: CopyChange[], info: ReviewInfo): string {
  const count = (status: ScreenResult['status']) => results.filter((r) => r.status === status).length;
  const changed = count('changed');
  const routes = touchedRoutes(results);
  const parts = [
    `**Visual review** of ${info.head} against ${info.base}: ${changed} of ${plural(results.length, 'screen')} changed`,
  ];
  if (count('added')) parts.push(`${count('added')} new`);
  if (count('removed')) parts.push(`${count('removed')} removed`);
  const where = routes.length ? ` (${routes.join(', ')})` : '';
  const files = new Set(copy.map((change) => change.file));
  const copyText = copy.length
    ? `${plural(copy.length, 'copy field')} changed in ${[...files].map((file) => `\`${file}\``).join(', ')}`
    : 'no copy changed';
  return `${parts.join(', ')}${where}; ${copyText}. Open \`review/index.html\` from the **review-sheet** artifact for before, after and the highlighted difference.\n`;
}

const STYLES = `
  :root { color-scheme: dark; }
  body { margin: 0 auto; max-width: 1700px; padding: 1.5rem; background: #161618; color: #e7e7ea; font: 16px/1.5 system-ui, sans-serif; }
  a { color: #a5c8ff; } h1 { margin: 0 0 .25rem; } .meta { color: #a9a9b2; margin: 0 0 1.5rem; }
  h2 { margin: 2rem 0 1rem; } h3 { margin: 0 0 .75rem; font-size: 1.05rem; }
  .width { color: #a9a9b2; font-weight: normal; } .share { color: #ffb4c8; font-weight: normal; }
  .screen { margin: 0 0 1.5rem; padding: 1rem; background: #1f1f23; border: 1px solid #2e2e34; border-radius: 12px; }
  .changed { border-color: #ff5080; }
  .trio { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1rem; align-items: start; }
  figure { margin: 0; } figcaption { color: #c9c9d1; font-size: .9rem; margin-top: .25rem; }
  img { display: block; width: 100%; height: auto; border: 1px solid #34343b; border-radius: 6px; background: #0d0d0f; }
  details { margin: 0 0 1rem; } summary { cursor: pointer; font-weight: 600; }
  .copy li { margin: 0 0 1rem; } .copy p { margin: .25rem 0; } .copy p span { display: inline-block; min-width: 4.5rem; color: #a9a9b2; }
  del { background: #5c1f2b; color: #ffd0d8; } ins { background: #1f4d33; color: #c8ffd9; text-decoration: none; }
  @media (max-width: 900px) { .trio { grid-template-columns: 1fr; } }
`;

export function renderReviewPage(results: ScreenResult[], copy: CopyChange[], info: ReviewInfo): string {
  const byStatus = (status: ScreenResult['status']) => results.filter((r) => r.status === status);
  const changed = byStatus('changed').sort((a, b) => (b.share ?? 0) - (a.share ?? 0));
  const added = byStatus('added');
  const removed = byStatus('removed');
  const unchanged = byStatus('unchanged');
  const section = (title: string, body: string) => `<h2>${title}</h2>\n${body}`;
  const body = [
    section(
      `Changed screens (${changed.length})`,
      changed.length ? changed.map(changedScreen).join('\n') : '<p>No screen changed.</p>',
    ),
    section(
      `Copy changes (${copy.length})`,
      copy.length ? `<ul class="copy">${copy.map(copyRow).join('\n')}</ul>` : '<p>No copy changed in content/.</p>',
    ),
    added.length ? section(`New screens (${added.length})`, added.map((r) => singleScreen(r, 'after')).join('\n')) : '',
    removed.length
      ? section(`Removed screens (${removed.length})`, removed.map((r) => singleScreen(r, 'before')).join('\n'))
      : '',
    `<details><summary>Unchanged screens (${unchanged.length})</summary>
<ul>${unchanged.map((r) => `<li><a href="${src('after', r.file)}">${heading(r)}</a></li>`).join('')}</ul>
</details>`,
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visual review: ${changed.length} changed</title>
<style>${STYLES}</style>
</head>
<body>
<h1>Visual review</h1>
<p class="meta">${escapeHtml(info.head)} compared with ${escapeHtml(info.base)} · built ${info.builtAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${plural(results.length, 'screen')}: ${changed.length} changed, ${added.length} new, ${removed.length} removed, ${unchanged.length} unchanged</p>
<main>
${body}
</main>
</body>
</html>
`;
}

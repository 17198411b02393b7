// `npm run review-sheet`: collects the browser tests' screenshots (artifacts/screenshots/*.png) into one
// page, artifacts/review/index.html, so a reviewer sees every route and state at a glance.
// Screenshot names are `<route or state>-<viewport width>.png` (e.g. home-375.png, contact-success-1280.png);
// any other name still appears, in a group of its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type Screenshot = {
  file: string;
  /** The viewport width from the name's `-<width>.png` suffix; null when the name has none. */
  width: number | null;
  /** Pixel size read from the PNG header, so the page reserves room before a lazy image loads. */
  size?: { width: number; height: number };
};
export type ScreenshotGroup = { key: string; title: string; shots: Screenshot[] };
export type SheetInfo = { builtAt: Date; commit: string | null; imageBase: string };

const MOBILE_WIDTH = 375;
const DESKTOP_WIDTH = 1280;

export function parseScreenshotName(file: string): { key: string; width: number | null } {
  const match = /^(.+)-(\d{3,4})\.png$/i.exec(file);
  if (match) return { key: match[1], width: Number(match[2]) };
  return { key: file.replace(/\.png$/i, ''), width: null };
}

/** "home" → "Home", "contact-success" → "Contact success", "privacy-policy" → "Privacy policy". */
export function titleFor(key: string): string {
  const words = key.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One group per route or state, home first then alphabetical (so a route sits next to its states), narrowest first. */
export function groupScreenshots(shots: Screenshot[]): ScreenshotGroup[] {
  const groups = new Map<string, Screenshot[]>();
  for (const shot of shots) {
    const { key } = parseScreenshotName(shot.file);
    groups.set(key, [...(groups.get(key) ?? []), shot]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'home' ? -1 : b === 'home' ? 1 : a.localeCompare(b)))
    .map(([key, members]) => ({
      key,
      title: titleFor(key),
      shots: [...members].sort((a, b) => (a.width ?? Infinity) - (b.width ?? Infinity) || a.file.localeCompare(b.file)),
    }));
}

export function widthLabel(width: number | null): string {
  if (width === MOBILE_WIDTH) return `Mobile · ${width} px`;
  if (width === DESKTOP_WIDTH) return `Desktop · ${width} px`;
  return width === null ? 'Screenshot' : `${width} px`;
}

/** Width and height from a PNG's IHDR chunk, or undefined when the file is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = '89504e470d0a1a0a';
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const anchorFor = (key: string) => `shot-${key.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}`;

function renderShot(group: ScreenshotGroup, shot: Screenshot, imageBase: string): string {
  const src = escapeHtml(`${imageBase}/${encodeURIComponent(shot.file)}`);
  const label = widthLabel(shot.width);
  const alt = `${group.title}, ${label.replace(' · ', ' at ')}`;
  const dimensions = shot.size ? ` width="${shot.size.width}" height="${shot.size.height}"` : '';
  // flex-grow in proportion to the viewport width keeps phone and desktop shots at the same scale.
  const grow = shot.width ?? DESKTOP_WIDTH;
  return `      <figure style="flex-grow: ${grow}">
        <a href="${src}" title="Open full size">
          <img src="${src}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async"${dimensions}>
        </a>
        <figcaption>${escapeHtml(label)} <span class="file">${escapeHtml(shot.file)}</span></figcaption>
      </figure>`;
}

function renderGroup(group: ScreenshotGroup, imageBase: string): string {
  const id = anchorFor(group.key);
  return `  <section aria-labelledby="${id}">
    <h2 id="${id}">${escapeHtml(group.title)}</h2>
    <div class="shots">
${group.shots.map((shot) => renderShot(group, shot, imageBase)).join('\n')}
    </div>
  </section>`;
}

const STYLES = `
  :root { color-scheme: dark; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #161618; color: #e7e7ea; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', sans-serif; }
  header, main, nav { max-width: 1600px; margin: 0 auto; padding: 0 1.5rem; }
  header { padding-top: 2rem; }
  h1 { margin: 0 0 0.25rem; font-size: 1.75rem; }
  .meta { margin: 0; color: #a9a9b2; }
  nav ul { display: flex; flex-wrap: wrap; gap: 0.5rem; list-style: none; margin: 1.25rem 0; padding: 0; }
  a { color: #a5c8ff; }
  a:focus-visible { outline: 3px solid #ffd166; outline-offset: 3px; }
  nav a { display: inline-block; padding: 0.25rem 0.75rem; border: 1px solid #3a3a40; border-radius: 999px; text-decoration: none; }
  nav a:hover { background: #26262b; }
  section { margin: 0 0 2rem; padding: 1.25rem; background: #1f1f23; border: 1px solid #2e2e34; border-radius: 12px; }
  h2 { margin: 0 0 1rem; font-size: 1.25rem; }
  .shots { display: flex; gap: 1.25rem; align-items: flex-start; }
  figure { flex: 1 1 0; min-width: 0; margin: 0; }
  figure a { display: block; border-radius: 6px; }
  img { display: block; width: 100%; height: auto; background: #0d0d0f; border: 1px solid #34343b; border-radius: 6px; }
  figcaption { margin-top: 0.5rem; color: #c9c9d1; font-size: 0.9rem; }
  .file { display: block; color: #8d8d96; font: 0.8rem ui-monospace, SFMono-Regular, Menlo, monospace; }
  .empty { padding: 2rem 0; color: #c9c9d1; }
  @media (max-width: 720px) { .shots { flex-direction: column; } figure { width: 100%; } }
`;

export function renderReviewSheet(groups: ScreenshotGroup[], info: SheetInfo): string {
  const count = groups.reduce((total, group) => total + group.shots.length, 0);
  const built = `${info.builtAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const commit = info.commit ? `commit <code>${escapeHtml(info.commit)}</code>` : 'commit unknown';
  const contents = groups.length
    ? `<nav aria-label="Pages and states">
  <ul>
${groups.map((group) => `    <li><a href="#${anchorFor(group.key)}">${escapeHtml(group.title)}</a></li>`).join('\n')}
  </ul>
</nav>
<main>
${groups.map((group) => renderGroup(group, info.imageBase)).join('\n')}
</main>`
    : `<main>
  <p class="empty">No screenshots were found. They are made by the browser tests (npm test); if those did not run or failed early, there is nothing to show.</p>
</main>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Visual review sheet</title>
<style>${STYLES}</style>
</head>
<body>
<header>
  <h1>Visual review sheet</h1>
  <p class="meta">Built ${built} · ${commit} · ${count} screenshot${count === 1 ? '' : 's'} in ${groups.length} group${groups.length === 1 ? '' : 's'}. Select a screenshot to open it full size.</p>
</header>
${contents}
</body>
</html>
`;
}

export function currentCommit(env: NodeJS.ProcessEnv = process.env): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim() || null;
  } catch {
    return env.GITHUB_SHA ? env.GITHUB_SHA.slice(0, 7) : null;
  }
}

export function readScreenshots(screenshotsDir: string): Screenshot[] {
  if (!fs.existsSync(screenshotsDir)) return [];
  return fs
    .readdirSync(screenshotsDir)
    .filter((file) => file.toLowerCase().endsWith('.png'))
    .map((file) => {
      const header = Buffer.alloc(24);
      const descriptor = fs.openSync(path.join(screenshotsDir, file), 'r');
      try {
        fs.readSync(descriptor, header, 0, header.length, 0);
      } finally {
        fs.closeSync(descriptor);
      }
      return { file, width: parseScreenshotName(file).width, size: pngSize(header) };
    });
}

/** Writes `<artifactsDir>/review/index.html` from `<artifactsDir>/screenshots/*.png`. */
export function writeReviewSheet(
  artifactsDir: string,
  info: Omit<SheetInfo, 'imageBase'>,
): { file: string; screenshots: number } {
  const shots = readScreenshots(path.join(artifactsDir, 'screenshots'));
  const reviewDir = path.join(artifactsDir, 'review');
  fs.mkdirSync(reviewDir, { recursive: true });
  const file = path.join(reviewDir, 'index.html');
  fs.writeFileSync(file, renderReviewSheet(groupScreenshots(shots), { ...info, imageBase: '../screenshots' }));
  return { file, screenshots: shots.length };
}

if (require.main === module) {
  const artifactsDir = path.resolve(process.env.ARTIFACTS_DIR ?? 'artifacts');
  const { file, screenshots } = writeReviewSheet(artifactsDir, { builtAt: new Date(), commit: currentCommit() });
  if (screenshots === 0)
    console.warn('No screenshots in artifacts/screenshots/: run the browser tests (npm test) first.');
  console.log(
    `Review sheet with ${screenshots} screenshot${screenshots === 1 ? '' : 's'}: ${path.relative('.', file)}`,
  );
}

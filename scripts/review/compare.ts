// Pixel-by-pixel comparison of the base's and the pull request's screenshots (pixelmatch). Screens of
// different sizes are compared on a canvas of the larger size, so added or removed height counts as changed.
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { parseScreenshotName } from '../review-sheet';

export type ImageDiff = { changedPixels: number; totalPixels: number; share: number; diff: PNG };

/** The image on a transparent canvas of the given size (top-left aligned). */
function onCanvas(image: PNG, width: number, height: number): PNG {
  if (image.width === width && image.height === height) return image;
  const canvas = new PNG({ width, height });
  PNG.bitblt(image, canvas, 0, 0, image.width, image.height, 0, 0);
  return canvas;
}

export function compareImages(before: Buffer, after: Buffer): ImageDiff {
  const [a, b] = [PNG.sync.read(before), PNG.sync.read(after)];
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const diff = new PNG({ width, height });
  // threshold 0.1 (pixelmatch's default) ignores only imperceptible colour noise; anti-aliased pixels count.
  const changedPixels = pixelmatch(
    onCanvas(a, width, height).data,
    onCanvas(b, width, height).data,
    diff.data,
    width,
    height,
    {
      threshold: 0.1,
      includeAA: true,
      alpha: 0.2,
      diffColor: [255, 0, 80],
    },
  );
  const totalPixels = width * height;
  return { changedPixels, totalPixels, share: changedPixels / totalPixels, diff };
}

export type ScreenStatus = 'changed' | 'unchanged' | 'added' | 'removed';

export type ScreenResult = {
  file: string;
  /** Route or state, e.g. `home`, `contact-success`. */
  key: string;
  width: number | null;
  status: ScreenStatus;
  /** Share of pixels changed, 0–1 (only for screens in both builds). */
  share?: number;
};

const pngsIn = (dir: string) =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.toLowerCase().endsWith('.png')) : [];

/** Compares every screenshot of `beforeDir` with its namesake in `afterDir`; writes diff images into `diffDir`. */
export function compareFolders(beforeDir: string, afterDir: string, diffDir: string): ScreenResult[] {
  fs.mkdirSync(diffDir, { recursive: true });
  const before = new Set(pngsIn(beforeDir));
  const after = new Set(pngsIn(afterDir));
  const results: ScreenResult[] = [];
  for (const file of [...new Set([...before, ...after])].sort()) {
    const { key, width } = parseScreenshotName(file);
    if (!after.has(file)) {
      results.push({ file, key, width, status: 'removed' });
      continue;
    }
    if (!before.has(file)) {
      results.push({ file, key, width, status: 'added' });
      continue;
    }
    const { changedPixels, share, diff } = compareImages(
      fs.readFileSync(path.join(beforeDir, file)),
      fs.readFileSync(path.join(afterDir, file)),
    );
    if (changedPixels > 0) fs.writeFileSync(path.join(diffDir, file), PNG.sync.write(diff));
    results.push({ file, key, width, status: changedPixels > 0 ? 'changed' : 'unchanged', share });
  }
  return results;
}

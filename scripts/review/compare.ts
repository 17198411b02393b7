// Pixel-by-pixel comparison of the base's and the pull request's screenshots (pixelmatch). Screens of
// different sizes are compared on a canvas of the larger size, so added or removed height counts as changed.
import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import { parseScreenshotName } from '../review-sheet';

type Raw = { data: Buffer; width: number; height: number };

// PNGs are decoded and encoded with sharp (native; the site's image pipeline already depends on it).
async function decode(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The image on a transparent canvas of the given size (top-left aligned). */
function onCanvas(image: Raw, width: number, height: number): Buffer {
  if (image.width === width && image.height === height) return image.data;
  const canvas = Buffer.alloc(width * height * 4);
  for (let row = 0; row < image.height; row++)
    image.data.copy(canvas, row * width * 4, row * image.width * 4, (row + 1) * image.width * 4);
  return canvas;
}

export type ImageDiff = { changedPixels: number; totalPixels: number; share: number; diffPng: () => Promise<Buffer> };

export async function compareImages(before: Buffer, after: Buffer): Promise<ImageDiff> {
  const [a, b] = await Promise.all([decode(before), decode(after)]);
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const diff = Buffer.alloc(width * height * 4);
  // threshold 0.1 (pixelmatch's default) ignores only imperceptible colour noise. Anti-aliased pixels do not
  // count: Chromium's software raster shades the edges of rounded gradient shapes (the logo mark, badges) a
  // little differently from one capture of the same build to the next.
  const changedPixels = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), diff, width, height, {
    threshold: 0.1,
    includeAA: false,
    alpha: 0.2,
    diffColor: [255, 0, 80],
  });
  const totalPixels = width * height;
  return {
    changedPixels,
    totalPixels,
    share: changedPixels / totalPixels,
    diffPng: () =>
      sharp(diff, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer(),
  };
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
export async function compareFolders(beforeDir: string, afterDir: string, diffDir: string): Promise<ScreenResult[]> {
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
    const { changedPixels, share, diffPng } = await compareImages(
      fs.readFileSync(path.join(beforeDir, file)),
      fs.readFileSync(path.join(afterDir, file)),
    );
    if (changedPixels > 0) fs.writeFileSync(path.join(diffDir, file), await diffPng());
    results.push({ file, key, width, status: changedPixels > 0 ? 'changed' : 'unchanged', share });
  }
  return results;
}

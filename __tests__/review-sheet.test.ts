/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  groupScreenshots,
  parseScreenshotName,
  pngSize,
  renderReviewSheet,
  widthLabel,
  writeReviewSheet,
  type Screenshot,
} from '../scripts/review-sheet';

const shot = (file: string): Screenshot => ({ file, width: parseScreenshotName(file).width });
const builtAt = new Date('2026-03-04T05:06:07Z');

describe('screenshot names', () => {
  it('split into the route or state and the viewport width', () => {
    expect(parseScreenshotName('home-375.png')).toEqual({ key: 'home', width: 375 });
    expect(parseScreenshotName('privacy-policy-1280.png')).toEqual({ key: 'privacy-policy', width: 1280 });
    expect(parseScreenshotName('contact-success-375.png')).toEqual({ key: 'contact-success', width: 375 });
    expect(parseScreenshotName('chat-open.png')).toEqual({ key: 'chat-open', width: null });
  });

  it('name the two review widths', () => {
    expect(widthLabel(375)).toBe('Mobile · 375 px');
    expect(widthLabel(1280)).toBe('Desktop · 1280 px');
    expect(widthLabel(768)).toBe('768 px');
    expect(widthLabel(null)).toBe('Screenshot');
  });
});

describe('grouping', () => {
  it('puts each route or state in one group, home first, a route next to its states, mobile before desktop', () => {
    const groups = groupScreenshots(
      [
        'terms-1280.png',
        'contact-error-1280.png',
        'contact-1280.png',
        'home-1280.png',
        'contact-375.png',
        'home-375.png',
        'chat-open-375.png',
        'contact-error-375.png',
        'book-success-1280.png',
      ].map(shot),
    );
    expect(groups.map((group) => [group.title, group.shots.map((member) => member.file)])).toEqual([
      ['Home', ['home-375.png', 'home-1280.png']],
      ['Book success', ['book-success-1280.png']],
      ['Chat open', ['chat-open-375.png']],
      ['Contact', ['contact-375.png', 'contact-1280.png']],
      ['Contact error', ['contact-error-375.png', 'contact-error-1280.png']],
      ['Terms', ['terms-1280.png']],
    ]);
  });
});

describe('the page', () => {
  const html = renderReviewSheet(groupScreenshots(['home-375.png', 'home-1280.png', 'a&b"<x>-375.png'].map(shot)), {
    builtAt,
    commit: 'abc1234',
    imageBase: '../screenshots',
  });

  it('is one self-contained, labelled document with the build date and commit', () => {
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<title>Visual review sheet</title>');
    expect(html).toContain('<h1>Visual review sheet</h1>');
    expect(html).toContain('Built 2026-03-04 05:06 UTC · commit <code>abc1234</code> · 3 screenshots in 2 groups');
    expect(html).not.toMatch(/<script|<link|https?:\/\//);
  });

  it('shows each group under its own heading, linked from a contents list', () => {
    expect(html).toContain('<section aria-labelledby="shot-home">');
    expect(html).toContain('<h2 id="shot-home">Home</h2>');
    expect(html).toContain('<li><a href="#shot-home">Home</a></li>');
  });

  it('shows lazy images by relative path, each a link to its full-size file, with alternative text', () => {
    expect(html).toContain('<a href="../screenshots/home-375.png" title="Open full size">');
    expect(html).toContain(
      '<img src="../screenshots/home-375.png" alt="Home, Mobile at 375 px" loading="lazy" decoding="async">',
    );
    expect(html).toContain('alt="Home, Desktop at 1280 px"');
    expect((html.match(/loading="lazy"/g) ?? []).length).toBe(3);
  });

  it('escapes file names and encodes them in addresses', () => {
    expect(html).toContain('src="../screenshots/a%26b%22%3Cx%3E-375.png"');
    expect(html).toContain('<h2 id="shot-a-b-x-">A&#38;b&#34;&#60;x&#62;</h2>');
    expect(html).not.toContain('<x>');
  });

  it('says so when there are no screenshots', () => {
    const empty = renderReviewSheet([], { builtAt, commit: null, imageBase: '../screenshots' });
    expect(empty).toContain('No screenshots were found');
    expect(empty).toContain('commit unknown · 0 screenshots in 0 groups');
  });
});

describe('writing the sheet', () => {
  let artifactsDir: string;
  beforeEach(() => (artifactsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-sheet-'))));
  afterEach(() => fs.rmSync(artifactsDir, { recursive: true, force: true }));

  const png = (file: string, width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#334155' } })
      .png()
      .toFile(path.join(artifactsDir, 'screenshots', file));

  it('reads artifacts/screenshots and writes artifacts/review/index.html with each image size', async () => {
    fs.mkdirSync(path.join(artifactsDir, 'screenshots'));
    await Promise.all([png('home-375.png', 37, 120), png('home-1280.png', 128, 90), png('chat-open-375.png', 37, 80)]);
    fs.writeFileSync(path.join(artifactsDir, 'screenshots', 'notes.txt'), 'not a screenshot');

    const result = writeReviewSheet(artifactsDir, { builtAt, commit: 'abc1234' });

    expect(result).toEqual({ file: path.join(artifactsDir, 'review', 'index.html'), screenshots: 3 });
    const html = fs.readFileSync(result.file, 'utf8');
    expect(html).toContain('3 screenshots in 2 groups');
    expect(html).toContain('src="../screenshots/home-375.png" alt="Home, Mobile at 375 px" loading="lazy"');
    expect(html).toContain('width="37" height="120"');
    expect(html).toContain('width="128" height="90"');
    expect(html).not.toContain('notes.txt');
    // The relative addresses resolve from the sheet's folder to the real files.
    for (const [, src] of html.matchAll(/<img src="([^"]+)"/g)) {
      expect(fs.existsSync(path.resolve(path.dirname(result.file), decodeURIComponent(src)))).toBe(true);
    }
  });

  it('writes a page saying there is nothing to show when the screenshots folder is missing', () => {
    const result = writeReviewSheet(artifactsDir, { builtAt, commit: null });
    expect(result.screenshots).toBe(0);
    expect(fs.readFileSync(result.file, 'utf8')).toContain('No screenshots were found');
  });
});

describe('PNG size', () => {
  it('is read from the header, and is undefined for anything else', async () => {
    const bytes = await sharp({ create: { width: 3, height: 5, channels: 4, background: '#000' } })
      .png()
      .toBuffer();
    expect(pngSize(bytes)).toEqual({ width: 3, height: 5 });
    expect(pngSize(Buffer.from('GIF89a not a png at all, honestly'))).toBeUndefined();
  });
});

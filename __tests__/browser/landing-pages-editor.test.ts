// Issue 35 end to end, as a marketer does it: in the editor (its local backend writing a temporary copy of the
// repository), a new landing page from three sections (a hero with an uploaded photo and its description, service
// cards choosing two services, a call to action) and a short link to it; the content check passes on the copy;
// the copy's production build (one build, every assertion on it) serves the page at its address, lists it in
// the sitemap (a page kept out of search engines is not), serves the photo in several widths as AVIF and WebP
// with its description, and writes the short link for the host. Needs no build of this checkout.
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startStaticServer, type StaticServer } from '../../dev/static/static-server';
import { readSiteSettings } from '../../src/content-model/site-settings';
import { launchBrowser } from './setup/browser';
import { copyProjectRepository, git, openEditor, serveEditor, startBackend, stopBackend } from './setup/editor';
import { addShortLink, CAMPAIGN, createLandingPage, makeCampaignPhoto, savedLandingPage } from './setup/landing-editor';
import { buildEnv } from './setup/test-env';

jest.setTimeout(900_000);

/** A second page, kept out of search engines (for an e-mail only), written as a hand edit would. */
const HIDDEN_SLUG = `${CAMPAIGN.slug}-email`;

/** The `<picture>` holding the image whose description is `alt`, and that image, in built HTML. */
function pictureWith(html: string, alt: string): { picture: string; img: string } | undefined {
  for (const [picture] of html.matchAll(/<picture>[\s\S]*?<\/picture>/g)) {
    const img = /<img\b[^>]*>/.exec(picture)?.[0] ?? '';
    if (img.includes(`alt="${alt}"`)) return { picture, img };
  }
  return undefined;
}

/** The widths a srcset offers (`… 750w, … 1080w`). */
const widths = (srcset: string) => [...srcset.matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));

describe('a landing page made in the editor', () => {
  let browser: Browser;
  let repo: string;
  let editor: StaticServer;
  let backend: ChildProcess | undefined;
  let page: Page;
  let photo: string;
  let built: StaticServer | undefined;
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, run: () => Promise<T> | T): Promise<T> => {
    const started = Date.now();
    try {
      return await run();
    } finally {
      timings[name] = Math.round((Date.now() - started) / 1000);
    }
  };

  beforeAll(async () => {
    repo = copyProjectRepository();
    photo = await makeCampaignPhoto(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-photo-')));
    [browser, editor] = await Promise.all([launchBrowser(), serveEditor()]);
    backend = await startBackend(repo, editor.url, 'fs');
    page = await openEditor(browser, editor.url);
  });
  afterAll(async () => {
    console.log(`Landing page end to end, seconds per step: ${JSON.stringify(timings)}`);
    await page?.close();
    await stopBackend(backend);
    await browser?.close();
    await editor?.close();
    await built?.close();
    if (repo) fs.rmSync(repo, { recursive: true, force: true });
    if (photo) fs.rmSync(path.dirname(photo), { recursive: true, force: true });
  });

  it('is saved with its uploaded photo, and a short link to it, as the files a hand edit would change', async () => {
    await timed('editor', async () => {
      await createLandingPage(page, editor.url, photo);
      await addShortLink(page, editor.url);
    });
    await stopBackend(backend);
    backend = undefined;
    const changed = git(repo, 'status', '--porcelain').split('\n');
    expect(changed.map((line) => line.trim()).sort()).toEqual(
      [
        'M content/redirects.json',
        `?? content/images/${CAMPAIGN.image.file}`,
        `?? content/landing/${CAMPAIGN.slug}.json`,
      ].sort(),
    );
    expect(fs.readFileSync(path.join(repo, 'content/images', CAMPAIGN.image.file))).toEqual(fs.readFileSync(photo));
    expect(savedLandingPage(repo)).toEqual({
      slug: CAMPAIGN.slug,
      meta: {
        title: CAMPAIGN.title,
        description: CAMPAIGN.description,
        image: { src: `/images/${CAMPAIGN.image.file}`, alt: CAMPAIGN.image.shareAlt },
      },
      sections: [
        {
          type: 'hero',
          title: CAMPAIGN.hero.title,
          text: CAMPAIGN.hero.text,
          primaryCta: CAMPAIGN.hero.button,
          image: { src: `/images/${CAMPAIGN.image.file}`, alt: CAMPAIGN.image.alt },
        },
        {
          type: 'services',
          title: CAMPAIGN.services.title,
          intro: CAMPAIGN.services.intro,
          linkLabel: CAMPAIGN.services.linkLabel,
          services: CAMPAIGN.services.chosen.map((service) => service.slug),
        },
        { type: 'cta', title: CAMPAIGN.cta.title, text: CAMPAIGN.cta.text, primaryCta: CAMPAIGN.cta.button },
      ],
    });
    const redirects = JSON.parse(fs.readFileSync(path.join(repo, 'content/redirects.json'), 'utf8'));
    expect(redirects.at(-1)).toEqual({ from: CAMPAIGN.shortLink, to: `/${CAMPAIGN.slug}`, permanent: false });
  });

  it('passes the content check', async () => {
    // A second page kept out of search engines, for the sitemap's sake.
    const hidden = { ...savedLandingPage(repo), slug: HIDDEN_SLUG, hideFromSearch: true };
    fs.writeFileSync(path.join(repo, 'content/landing', `${HIDDEN_SLUG}.json`), `${JSON.stringify(hidden, null, 2)}\n`);
    const check = await timed('check', () =>
      spawnSync('npm', ['run', 'check:content'], { cwd: repo, encoding: 'utf8', env: process.env }),
    );
    expect({ status: check.status, output: check.stdout + check.stderr }).toMatchObject({ status: 0 });
  });

  describe('built', () => {
    let html: string;

    beforeAll(async () => {
      const build = await timed('build', () =>
        spawnSync('npx', ['gatsby', 'build'], {
          cwd: repo,
          env: { ...process.env, ...buildEnv },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        }),
      );
      if (build.status !== 0) throw new Error(`gatsby build failed:\n${(build.stdout + build.stderr).slice(-4000)}`);
      built = await startStaticServer({ root: path.join(repo, 'public') });
      const response = await fetch(`${built.url}/${CAMPAIGN.slug}`);
      expect(response.status).toBe(200);
      html = await response.text();
    });

    it('serves the page at its address, its sections in order', async () => {
      const visit = await browser.newPage();
      await visit.goto(`${built!.url}/${CAMPAIGN.slug}`);
      await expect(visit.locator('h1').textContent()).resolves.toBe(CAMPAIGN.hero.title);
      const headings = await visit.locator('main h2').allTextContents();
      expect(headings).toEqual(expect.arrayContaining([CAMPAIGN.services.title, CAMPAIGN.cta.title]));
      expect(headings.indexOf(CAMPAIGN.services.title)).toBeLessThan(headings.indexOf(CAMPAIGN.cta.title));
      for (const { title } of CAMPAIGN.services.chosen) await visit.getByText(title, { exact: true }).first().waitFor();
      const photoShown = visit.getByAltText(CAMPAIGN.image.alt);
      await expect(photoShown.evaluate((image: HTMLImageElement) => image.naturalWidth)).resolves.toBeGreaterThan(0);
      await visit.close();
    });

    it('lists it in the sitemap, and not the page kept out of search engines', () => {
      const { siteUrl } = readSiteSettings(path.join(repo, 'content'));
      const sitemap = fs.readFileSync(path.join(repo, 'public/sitemap-0.xml'), 'utf8');
      expect(sitemap).toContain(`<loc>${siteUrl}/${CAMPAIGN.slug}</loc>`);
      expect(sitemap).not.toContain(`/${HIDDEN_SLUG}<`);
      const hidden = fs.readFileSync(path.join(repo, 'public', HIDDEN_SLUG, 'index.html'), 'utf8');
      expect(hidden).toMatch(/<meta name="robots" content="noindex/);
      expect(html).not.toMatch(/<meta name="robots" content="noindex/);
    });

    it('serves the uploaded photo in several widths, as AVIF and WebP, with its description and size', async () => {
      const found = pictureWith(html, CAMPAIGN.image.alt);
      expect(found).toBeDefined();
      const { picture, img } = found!;
      const sources = Object.fromEntries(
        [...picture.matchAll(/<source type="([^"]+)" srcSet="([^"]+)"/gi)].map(([, type, srcset]) => [type, srcset]),
      );
      expect(Object.keys(sources).sort()).toEqual(['image/avif', 'image/webp']);
      for (const srcset of Object.values(sources)) expect(widths(srcset).length).toBeGreaterThanOrEqual(3);
      expect(widths(/srcSet="([^"]+)"/i.exec(img)![1]).length).toBeGreaterThanOrEqual(3);
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
      // The largest AVIF is served as AVIF, and smaller than the upload.
      const largest = sources['image/avif'].split(',').at(-1)!.trim().split(' ')[0];
      const response = await fetch(`${built!.url}${largest.replace(/&amp;/g, '&')}`);
      expect(response.headers.get('content-type')).toBe('image/avif');
      expect((await response.arrayBuffer()).byteLength).toBeLessThan(fs.statSync(photo).size);
    });

    it('writes the short link for the host, which sends visitors on to the page', async () => {
      const redirects = fs.readFileSync(path.join(repo, 'public/_redirects'), 'utf8');
      expect(redirects).toMatch(new RegExp(`^${CAMPAIGN.shortLink}\\s+/${CAMPAIGN.slug}\\s+302$`, 'm'));
      const response = await fetch(`${built!.url}${CAMPAIGN.shortLink}`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`/${CAMPAIGN.slug}`);
    });
  });
});

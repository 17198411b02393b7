// The editor at /admin (production build) with its local backend, in a temporary copy of the repository:
// every entry saved unchanged writes nothing; a bad value is refused in the editor; in the editorial workflow
// (git mode) a save is one branch with one commit changing only that entry's file, and two entries make two
// branches that merge cleanly. An edited headline through to the page: npm-start.test.ts, on `npm start`.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { contentFiles } from '../../src/content-model/content-file-list';
import type { StaticServer } from '../../dev/static/static-server';
import { launchBrowser } from './setup/browser';
import { serveBuild } from './setup/test-env';
import {
  copyProjectRepository,
  fieldHolding,
  git,
  openEditor,
  openEntry,
  publish,
  saveDraft,
  startBackend,
  stopBackend,
} from './setup/editor';

jest.setTimeout(600_000);

const home = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../content/pages/home.json'), 'utf8'));

/** Every entry of the editor, as its address under #/collections/. */
function editorEntries(repo: string): string[] {
  return contentFiles(path.join(repo, 'content')).map(({ source, file }) => {
    if (source.kind !== 'mdx-folder') {
      const group = {
        PlansJson: 'offer',
        TestimonialsJson: 'offer',
        ContactFormJson: 'forms',
        BookingFormJson: 'forms',
      };
      const collection =
        group[source.typeName as keyof typeof group] ??
        { ChatJson: 'chat', SiteJson: 'settings' }[source.typeName] ??
        'pages';
      return `${collection}/${source.typeName}`;
    }
    return `${source.typeName === 'Service' ? 'services' : 'legal'}/${path.basename(file, '.mdx')}`;
  });
}

describe('the editor at /admin', () => {
  let browser: Browser;
  let site: StaticServer;
  let repo: string;
  let backend: ChildProcess | undefined;
  let page: Page;

  beforeAll(async () => {
    [browser, site] = await Promise.all([launchBrowser(), serveBuild()]);
    repo = copyProjectRepository();
  });
  afterAll(async () => {
    await stopBackend(backend);
    await browser?.close();
    await site?.close();
    if (repo) fs.rmSync(repo, { recursive: true, force: true });
  });

  describe('on the files of the checkout (npm start)', () => {
    beforeAll(async () => {
      backend = await startBackend(repo, site.url, 'fs');
      page = await openEditor(browser, site.url);
    });
    afterAll(async () => {
      await page?.close();
      await stopBackend(backend);
      backend = undefined;
    });

    it('saves every entry unchanged without changing a byte', async () => {
      const entries = editorEntries(repo);
      expect(entries.length).toBeGreaterThanOrEqual(19);
      for (const entry of entries) {
        await openEntry(page, site.url, entry);
        // Decap saves only a changed entry: change the first editable text and change it back.
        const box = page.locator('input[type="text"]:not([readonly]), textarea').first();
        await box.focus();
        await box.press('End');
        await box.pressSequentially('x');
        await box.press('Backspace');
        await publish(page).catch(async (error: Error) => {
          await page.screenshot({ path: '/tmp/ed-fail.png' });
          throw new Error(`${entry}: ${error.message}`);
        });
        await page
          .getByText(/Entry (saved|published)/)
          .first()
          .waitFor();
        expect({ entry, changed: git(repo, 'status', '--porcelain') }).toEqual({ entry, changed: '' });
      }
    });

    it('refuses an empty required field and an over-long value, and writes nothing', async () => {
      await openEntry(page, site.url, 'pages/HomeJson');
      await (await fieldHolding(page, home.hero.title)).fill('');
      const metaTitle = await fieldHolding(page, home.meta.title);
      await metaTitle.fill('x'.repeat(71));
      await publish(page);
      await page.getByText('title must not be empty').first().waitFor();
      await page.getByText('title should be at most 70 characters so search engines show it whole').waitFor();
      expect(git(repo, 'status', '--porcelain')).toBe('');
    });
  });

  describe('in the editorial workflow (git mode, as on GitHub)', () => {
    beforeAll(async () => {
      backend = await startBackend(repo, site.url, 'git');
      page = await openEditor(browser, site.url);
    });
    afterAll(async () => {
      await page?.close();
    });

    const cmsBranches = () =>
      git(repo, 'branch', '--format=%(refname:short)')
        .split('\n')
        .filter((branch) => branch.startsWith('cms/'));

    it('makes one branch with one commit changing only the entry’s file, per entry, that merge without conflict', async () => {
      const pricing = JSON.parse(fs.readFileSync(path.join(repo, 'content/pages/pricing.json'), 'utf8'));
      const current = JSON.parse(fs.readFileSync(path.join(repo, 'content/pages/home.json'), 'utf8'));
      const edits = [
        { entry: 'pages/HomeJson', file: 'content/pages/home.json', from: current.hero.subtitle },
        { entry: 'pages/PricingPageJson', file: 'content/pages/pricing.json', from: pricing.hero.intro },
      ];
      for (const edit of edits) {
        await openEntry(page, site.url, edit.entry);
        await (await fieldHolding(page, edit.from)).fill(`${edit.from} Edited.`);
        await saveDraft(page);
      }
      const branches = cmsBranches();
      expect(branches).toHaveLength(2);
      for (const [index, branch] of branches.sort().entries()) {
        const expected = [...edits].sort((a, b) => a.entry.localeCompare(b.entry))[index];
        expect(git(repo, 'rev-list', '--count', `main..${branch}`)).toBe('1');
        expect(git(repo, 'diff', '--name-only', `main...${branch}`)).toBe(expected.file);
      }
      expect(git(repo, 'status', '--porcelain')).toBe('');
      git(repo, 'merge', '-q', '--no-edit', ...branches);
      expect(git(repo, 'diff', '--name-only', 'HEAD~1')).toBe(
        edits
          .map((edit) => edit.file)
          .sort()
          .join('\n'),
      );
    });
  });
});

// The editor at /admin (bundled and served as the production build does) with its local backend, in a temporary
// copy of the repository: an entry saved unchanged writes nothing, on a sample of entries that together render
// every widget, kind of content and file format (a landing page with its images, references and blocks among
// them; every content file: __tests__/content/content-formats.test.ts); a bad value is refused in the editor; in
// the editorial workflow (git mode) a save is one branch with one commit changing only that entry's file, and two
// entries make two branches that merge cleanly. An edited headline through to the page: npm-start.test.ts, on
// `npm start`.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { StaticServer } from '../../dev/static/static-server';
import { launchBrowser } from './setup/browser';
import {
  copyProjectRepository,
  fieldHolding,
  git,
  openEditor,
  openEntry,
  publish,
  saveDraft,
  serveEditor,
  startBackend,
  stopBackend,
} from './setup/editor';
import { editorEntries, editorSample } from './setup/editor-sample';

jest.setTimeout(600_000);

const home = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../content/pages/home.json'), 'utf8'));

/**
 * Waits until `git status --porcelain` in the repository says `expected`: the save has landed. The bound is
 * generous (a save takes well under a second on a quiet machine); the failure names the entry and the status.
 */
async function waitForStatus(repo: string, expected: string, entry: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let status = git(repo, 'status', '--porcelain');
  while (status !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    status = git(repo, 'status', '--porcelain');
  }
  expect({ entry, status }).toEqual({ entry, status: expected });
}

describe('the editor at /admin', () => {
  let browser: Browser;
  let site: StaticServer;
  let repo: string;
  let backend: ChildProcess | undefined;
  let page: Page;

  beforeAll(async () => {
    [browser, site] = await Promise.all([launchBrowser(), serveEditor()]);
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

    // A representative sample through the editor, chosen in code (setup/editor-sample.ts, checked by
    // __tests__/admin/editor-sample.test.ts): the fewest entries that render every widget the editor uses, come from
    // every kind of content source and file format, and type into every kind of first text box. The full corpus,
    // every content file saved through the same formats byte for byte, is in __tests__/content/content-formats.test.ts.
    it('writes sampled entries back byte for byte: one changed field changes one line, changed back none', async () => {
      const entries = editorEntries(repo);
      expect(entries.length).toBeGreaterThanOrEqual(21);
      expect(entries.map((entry) => entry.entry)).toEqual(
        expect.arrayContaining(['landing/dental-clinics', 'RedirectsJson/RedirectsJson']),
      );
      for (const { entry, file, widgets, textBox } of editorSample(repo, entries)) {
        await openEntry(page, site.url, entry);
        // The entry shows the widgets it was sampled for, and its first text box is of the widget the sample
        // expects (Decap labels each field's control "<widget> field").
        const fieldWidget = (element: Element) =>
          element
            .closest('[aria-label$=" field"]')
            ?.getAttribute('aria-label')
            ?.replace(/ field$/, '');
        const shown = await page
          .locator('[aria-label$=" field"]')
          .evaluateAll((elements) =>
            elements.map((element) => element.getAttribute('aria-label')?.replace(/ field$/, '')),
          );
        expect({ entry, widgets: [...new Set(shown)].sort() }).toEqual({ entry, widgets });
        // Decap saves only an entry that differs from the file: add a letter to the first editable text, save,
        // take it away, save again. Each save writes the whole file from what the editor parsed (MDX bodies too).
        const box = page.locator('input[type="text"]:not([readonly]), textarea').first();
        expect({ entry, widget: await box.evaluate(fieldWidget) }).toEqual({ entry, widget: textBox?.widget });
        await box.focus();
        await box.press('Control+End'); // the end of the text, not of a wrapped line
        await box.pressSequentially('x');
        await publish(page);
        await waitForStatus(repo, `M ${file}`, entry); // git() trims the leading space
        expect({ entry, lines: git(repo, 'diff', '--numstat') }).toEqual({ entry, lines: `1\t1\t${file}` });
        // Opened again, the entry is what the file now holds (the editor compares with what it opened).
        await openEntry(page, site.url, entry);
        await box.focus();
        await box.press('Control+End'); // the end of the text, not of a wrapped line
        await box.press('Backspace');
        await publish(page);
        await waitForStatus(repo, '', entry);
      }
    });

    it('refuses an empty required field and an over-long value, and writes nothing', async () => {
      await openEntry(page, site.url, 'HomeJson/HomeJson');
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
        { entry: 'HomeJson/HomeJson', file: 'content/pages/home.json', from: current.hero.subtitle },
        { entry: 'PricingPageJson/PricingPageJson', file: 'content/pages/pricing.json', from: pricing.hero.intro },
      ];
      for (const [index, edit] of edits.entries()) {
        await openEntry(page, site.url, edit.entry);
        await (await fieldHolding(page, edit.from)).fill(`${edit.from} Edited.`);
        await saveDraft(page);
        // The save has landed once its branch holds its commit and the checkout is clean again (the "Entry
        // saved" notice may still be the previous save's), and stays so: the backend switches branches and
        // stages files in steps, and a clean moment between two of them is not the end.
        const landed = () =>
          cmsBranches().length === index + 1 &&
          cmsBranches().every((branch) => git(repo, 'rev-list', '--count', `main..${branch}`) === '1') &&
          git(repo, 'status', '--porcelain') === '';
        const deadline = Date.now() + 30_000;
        for (let settledChecks = 0; settledChecks < 5 && Date.now() < deadline;) {
          settledChecks = landed() ? settledChecks + 1 : 0;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      const branches = cmsBranches();
      expect(branches).toHaveLength(2);
      for (const [index, branch] of branches.sort().entries()) {
        const expected = [...edits].sort((a, b) => a.entry.localeCompare(b.entry))[index];
        expect(git(repo, 'rev-list', '--count', `main..${branch}`)).toBe('1');
        expect(git(repo, 'diff', '--name-only', `main...${branch}`)).toBe(expected.file);
      }
      expect(git(repo, 'status', '--porcelain')).toBe('');
      // Both pull requests merged into main: no conflict, both files changed (the editor's backend stopped
      // first, as it works in this checkout).
      await stopBackend(backend);
      backend = undefined;
      git(repo, 'checkout', '-q', 'main');
      git(repo, 'merge', '-q', '--no-ff', '--no-edit', ...branches);
      expect(git(repo, 'diff', '--name-only', 'HEAD~1')).toBe(
        edits
          .map((edit) => edit.file)
          .sort()
          .join('\n'),
      );
    });
  });
});

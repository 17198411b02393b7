// Driving the editor at /admin (Decap CMS) with its local backend, in a temporary git repository copied from this
// checkout: the /admin page as the production build bundles it, with its headers, decap-server on the port the
// editor looks for, one browser page.
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { EDITOR_BACKEND_PORT, startEditorBackend } from '../../../dev/editor-backend/start';
import { startStaticServer, type StaticServer } from '../../../dev/static/static-server';
import { commitCopy, copyRepository } from '../../../scripts/copy-repository';
import { buildAdmin } from '../../../src/build/admin-bundle';
import { ADMIN_PATH } from '../../../src/build/admin-page';
import { adminSettings } from '../../../src/build/admin-settings';
import { formatHeadersFile, securityHeaderBlocks } from '../../../src/build/security-headers';
import { readSiteSettings } from '../../../src/content-model/site-settings';
import { REPO_ROOT } from '../../helpers/local-api';
import { freePort } from '../../../dev/free-port';
import { TEST_API_URL } from './test-env';

export const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd: repo,
    encoding: 'utf8',
  }).trim();

/** A copy of the project as a clone has it, committed on `main` in a repository of its own. */
export function copyProjectRepository(): string {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-'));
  copyRepository(REPO_ROOT, repo);
  commitCopy(repo, 'the project');
  return repo;
}

/**
 * The editor alone, served as a static host serves the production build's /admin: bundled by the build's own
 * bundler (src/build/admin-bundle.ts, seconds) with the build's headers for it, into a temporary folder. The
 * editor tests need no build of the site, so they run on this checkout's code as it is.
 */
export async function serveEditor(): Promise<StaticServer> {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'editor-site-'));
  await buildAdmin(
    path.join(site, 'admin'),
    adminSettings({}, readSiteSettings(path.join(REPO_ROOT, 'content')).siteUrl),
  );
  const blocks = securityHeaderBlocks([{ path: ADMIN_PATH, html: '' }], TEST_API_URL);
  fs.writeFileSync(path.join(site, '_headers'), formatHeadersFile(blocks));
  // The site's own social image, which the share preview shows for a page without one.
  fs.copyFileSync(path.join(REPO_ROOT, 'static/og-image.png'), path.join(site, 'og-image.png'));
  const server = await startStaticServer({ root: site });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      fs.rmSync(site, { recursive: true, force: true });
    },
  };
}

/**
 * The port this test file's editor backend listens on. The editor always calls the port `npm start` uses
 * (EDITOR_BACKEND_PORT, in the bundle and its CSP); openEditor's pages are forwarded from there to this one, so
 * browser test files run side by side, each with a backend of its own, and beside a running `npm start`.
 */
let backendPort = EDITOR_BACKEND_PORT;

/** Starts decap-server on a free port; another is picked when something took the port before the server could. */
export async function startBackend(repoDir: string, siteOrigin: string, mode: 'fs' | 'git'): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      const backend = await startEditorBackend({ repoDir, siteOrigin, mode, port });
      backendPort = port;
      return backend;
    } catch (error) {
      if (attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

export async function stopBackend(backend: ChildProcess | undefined): Promise<void> {
  if (!backend || backend.exitCode !== null) return;
  const exited = new Promise((resolve) => backend.once('exit', resolve));
  backend.kill();
  await exited;
}

/** Opens /admin and logs in to the local backend. */
export async function openEditor(browser: Browser, siteUrl: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const calledBackend = `http://127.0.0.1:${EDITOR_BACKEND_PORT}/`;
  await page.route(`${calledBackend}**`, (route) =>
    backendPort === EDITOR_BACKEND_PORT
      ? route.fallback()
      : route.continue({ url: route.request().url().replace(calledBackend, `http://127.0.0.1:${backendPort}/`) }),
  );
  // Leave an entry with unsaved changes: yes. Restore a local backup of an earlier, unsaved edit: no.
  page.on('dialog', (dialog) => void (/backup/i.test(dialog.message()) ? dialog.dismiss() : dialog.accept()));
  await page.goto(`${siteUrl}/admin/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Home page' }).first().waitFor();
  return page;
}

/** Opens an entry: a content file (`HomeJson/HomeJson`) or a folder entry (`services/lead-capture`). */
export async function openEntry(page: Page, siteUrl: string, entry: string): Promise<void> {
  // Through the collection's list, so the previous entry's editor is gone before this one's fields are used
  // (a hash change from entry to entry can leave the old fields on screen for a moment).
  const editorTitle = page.getByText(/Writing in .+ collection/).first();
  await page.goto(`${siteUrl}/admin/#/collections/${entry.split('/')[0]}`);
  await editorTitle.waitFor({ state: 'detached' });
  await page.goto(`${siteUrl}/admin/#/collections/${entry.replace('/', '/entries/')}`);
  await editorTitle.waitFor();
  await page
    .locator('input:visible, textarea:visible')
    .first()
    .waitFor()
    .catch(async (error: Error) => {
      await page.screenshot({ path: '/tmp/ed-open.png' });
      throw new Error(`${entry}: ${error.message}`);
    });
}
/** The text box of the editor that holds `value` (labels repeat across sections: Title, Text …). */
export async function fieldHolding(page: Page, value: string) {
  const index = await page.evaluate(
    (text) =>
      [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].findIndex(
        (element) => element.value === text,
      ),
    value,
  );
  if (index < 0) throw new Error(`no field holds "${value}"`);
  return page.locator('input, textarea').nth(index);
}

/** Publish in the local file-system mode (Decap's simple workflow): writes the file at once. */
export async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

/** Save in the editorial workflow: a branch and a pull request (locally: a branch with a commit). */
export async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Entry saved').first().waitFor();
}

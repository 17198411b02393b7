// `npm run review -- --base main`: what this branch changes, as a reviewer sees it. Builds (or reuses) the
// base's site and this checkout's, screenshots every route and state in both, compares them pixel by
// pixel and diffs the copy in content/, into artifacts/review/index.html (+ summary.md).
//
//   --base <ref>      compare with the merge base of HEAD and <ref> (default `auto`: origin/main or main; when
//                     there is nothing to compare with, e.g. on main itself, the screenshot sheet of the
//                     browser tests is written instead)
//   --base-dir <dir>  a prebuilt public/ of the base (built with the browser tests' settings) instead of building
//   --head-dir <dir>  a prebuilt public/ of this checkout, e.g. `public` right after `npm test`; default: build it
//   --screens a,b     only these screens (names as in the sheet: home, pricing, contact-success, chat-open …)
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import buildSite from '../__tests__/browser/setup/build-site';
import { currentCommit, writeReviewSheet } from './review-sheet';
import { baseBuild, baseContent, git, tryGit } from './review/base-build';
import { compareBuilds } from './review/compare-builds';
import { selectScreens } from './review/screens';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'artifacts', 'review');
const log = (line: string) => console.log(`review: ${line}`);

/** The commit to compare with, or null when there is none (no such ref, or HEAD is the base itself). */
export function resolveBase(ref: string): { commit: string; label: string } | null {
  const head = git(['rev-parse', 'HEAD'], ROOT);
  const candidates = ref === 'auto' ? ['origin/main', 'main'] : [ref];
  for (const candidate of candidates) {
    if (!tryGit(['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`], ROOT)) continue;
    const mergeBase = tryGit(['merge-base', 'HEAD', candidate], ROOT) ?? git(['rev-parse', candidate], ROOT);
    if (ref === 'auto' && mergeBase === head) return null;
    return { commit: mergeBase, label: `${candidate} (${mergeBase.slice(0, 7)})` };
  }
  if (ref !== 'auto') throw new Error(`--base ${ref}: no such branch, tag or commit`);
  return null;
}

async function main() {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'auto' },
      'base-dir': { type: 'string' },
      'head-dir': { type: 'string' },
      screens: { type: 'string', default: '' },
    },
  });
  const screens = selectScreens(values.screens.split(',').filter(Boolean));
  const base = resolveBase(values.base);
  fs.mkdirSync(OUT, { recursive: true });
  if (!base && !values['base-dir']) {
    const sheet = writeReviewSheet(path.join(ROOT, 'artifacts'), { builtAt: new Date(), commit: currentCommit() });
    fs.writeFileSync(
      path.join(OUT, 'summary.md'),
      `**Visual review**: no base branch to compare with (this is the base itself), so the review sheet shows this build's ${sheet.screenshots} screenshots.\n`,
    );
    log(`nothing to compare with; wrote the screenshot sheet (${sheet.screenshots} screenshots) instead.`);
    return;
  }
  const started = Date.now();
  const built = values['base-dir'] ? null : baseBuild(ROOT, base!.commit, log);
  const baseSite = values['base-dir'] ? path.resolve(values['base-dir']) : built!.site;
  const baseCopy = built?.content ?? (base ? baseContent(ROOT, base.commit) : undefined);
  let headSite = values['head-dir'] ? path.resolve(values['head-dir']) : path.join(ROOT, 'public');
  if (!values['head-dir']) {
    log('building this checkout (the browser tests’ build)…');
    buildSite();
  }
  if (!fs.existsSync(path.join(headSite, 'index.html'))) throw new Error(`${headSite} holds no build`);
  headSite = path.resolve(headSite);

  const review = await compareBuilds({
    baseSite,
    headSite,
    screens,
    outDir: OUT,
    content: baseCopy ? { base: baseCopy, head: path.join(ROOT, 'content') } : undefined,
    info: {
      builtAt: new Date(),
      base: base?.label ?? path.relative(ROOT, baseSite),
      head: `this branch (${currentCommit() ?? 'unknown commit'}${tryGit(['status', '--porcelain', 'content', 'src'], ROOT) ? ' + uncommitted changes' : ''})`,
    },
    log,
  });
  for (const failure of review.failures) console.warn(`review: could not capture ${failure}`);
  console.log(fs.readFileSync(review.summary, 'utf8').trim());
  log(`${path.relative(ROOT, review.page)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

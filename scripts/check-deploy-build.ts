// `npm run check:deploy`: builds the site the way the host does (netlify.toml's command, publish folder and
// variables, NETLIFY=true and CONTEXT) and fails when a deploy would fail or publish something broken:
//  1. without the Supabase settings the build must stop with the message that names them;
//  2. with a staging project's settings it must succeed, print no line marked error, install nothing, and
//     publish every route with its security headers, each header once.
// Contexts with the same command and variables build the same site, so one build proves each such group.
// The browser tests run on this build (npm test): it is marked reusable for them when its settings are theirs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { siteRoutes } from '../src/content-model/routes';
import { distinctBuilds, readHostBuilds, type HostBuild } from './deploy-build/netlify-config';
import { loadContent } from '../src/content-model/check';
import type { Redirect } from '../src/content-model/redirect-schema';
import { errorLines, publishedSiteProblems } from './deploy-build/published-site';
import { STAGING_SETTINGS } from './deploy-build/staging-settings';
import { markBuiltForBrowserTests } from '../__tests__/browser/setup/build-site';
import { PUBLIC_DIR } from '../__tests__/browser/setup/test-env';

const MISSING_SETTINGS_MESSAGE = 'GATSBY_SUPABASE_URL and GATSBY_SUPABASE_PUBLISHABLE_KEY are not set';
const ADAPTERS_DIR = path.resolve('.cache/adapters');

/** The machine's environment as the host's: no Supabase settings or deploy marker of its own. */
function hostEnvironment(build: HostBuild, settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('GATSBY_SUPABASE_') || name === 'SITE_DEPLOY') delete env[name];
  }
  return { ...env, ...build.environment, NETLIFY: 'true', CONTEXT: build.context, ...settings };
}

function runHostCommand(build: HostBuild, settings: Record<string, string>) {
  const started = Date.now();
  // As the host does: the command through a shell. One Gatsby build at a time in this folder (see build-site).
  const hasFlock = spawnSync('flock', ['--version']).status === 0;
  const command = hasFlock ? ['flock', '/tmp/build.lock', 'bash', '-c', build.command] : ['bash', '-c', build.command];
  const result = spawnSync(command[0], command.slice(1), {
    env: hostEnvironment(build, settings),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: result.status,
    output: `${result.stdout}\n${result.stderr}`,
    seconds: (Date.now() - started) / 1000,
  };
}

function fail(title: string, details: string[], output?: string): never {
  console.error(`\nDeploy build check failed: ${title}`);
  for (const detail of details) console.error(`  - ${detail}`);
  if (output) {
    fs.mkdirSync('artifacts', { recursive: true });
    fs.writeFileSync('artifacts/deploy-build.log', output);
    console.error(`The build's output: artifacts/deploy-build.log. Its end:\n${output.slice(-3000)}`);
  }
  process.exit(1);
}

const routes = siteRoutes();
const shortLinks = [...loadContent(path.resolve('content')).content.entries()]
  .filter(([source]) => source.typeName === 'RedirectsJson')
  .flatMap(([, entries]) => entries.map((entry) => entry.value as Redirect));
for (const { build, contexts } of distinctBuilds(readHostBuilds())) {
  const label = `${contexts.join(', ')} (\`${build.command}\`)`;

  const refused = runHostCommand(build, {});
  // Gatsby wraps its messages at the terminal's width.
  if (refused.status === 0 || !refused.output.replace(/\s+/g, ' ').includes(MISSING_SETTINGS_MESSAGE)) {
    fail(
      `a ${build.context} build without the Supabase settings did not stop with the message about them`,
      [`exit code ${refused.status}; expected a failure saying "${MISSING_SETTINGS_MESSAGE}"`],
      refused.output,
    );
  }
  console.log(
    `Deploy build, ${build.context}, no Supabase settings: stopped with the message (${refused.seconds.toFixed(1)} s).`,
  );

  fs.rmSync(ADAPTERS_DIR, { recursive: true, force: true });
  const built = runHostCommand(build, STAGING_SETTINGS);
  if (built.status !== 0) fail(`the ${label} build failed (exit code ${built.status})`, [], built.output);
  const problems = [
    ...errorLines(built.output).map((line) => `the build printed a line marked error: ${line.trim()}`),
    ...(fs.existsSync(ADAPTERS_DIR) ? ['Gatsby installed a deploy adapter into .cache/adapters by itself'] : []),
    ...publishedSiteProblems(path.resolve(build.publish), routes, STAGING_SETTINGS.GATSBY_SUPABASE_URL, shortLinks),
  ];
  if (problems.length > 0) fail(`the ${label} build would not deploy as it should`, problems, built.output);
  console.log(
    `Deploy build, ${label}: built in ${built.seconds.toFixed(1)} s; ${routes.length} routes published in ` +
      `${build.publish}/ with their security headers, each once; no line marked error.`,
  );
  // The browser tests' build is this one (their settings are the staging project's): they reuse it.
  if (path.resolve(build.publish) === PUBLIC_DIR) markBuiltForBrowserTests();
}

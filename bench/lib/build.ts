// Builds: the site (in the repo, under the shared build lock, copied out while the lock is held) and the
// floor fixture (in its own folder under bench/tmp, against the repo's node_modules).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type BuildStep = { step: string; seconds: number };
export type BuildInfo = {
  /** Wall time of `npm run build` (gatsby build) alone, not counting the wait for the lock or the copy. */
  wallSeconds: number;
  /** Gatsby's own `success <step> - <n>s` lines, slowest first. */
  steps: BuildStep[];
  builtAt: string;
};

const START = '@@bench-build-start';
const END = '@@bench-build-end';

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; log: string }) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let output = '';
    const out = fs.createWriteStream(options.log);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      out.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      out.end();
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}; see ${options.log}`));
    });
  });
}

/** Gatsby prints `success <step> - 1.234s` (and `- 1/1 3.4/s` for some); keep the step and its seconds. */
export function parseGatsbySteps(output: string): BuildStep[] {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex
  const steps: BuildStep[] = [];
  for (const match of plain.matchAll(/^success (.+?) - (\d+(?:\.\d+)?)s\b/gm)) {
    steps.push({ step: match[1], seconds: Number(match[2]) });
  }
  return steps.sort((a, b) => b.seconds - a.seconds);
}

function wallFromMarkers(output: string): number {
  const start = new RegExp(`${START} (\\d+)`).exec(output);
  const end = new RegExp(`${END} (\\d+)`).exec(output);
  if (!start || !end) throw new Error('build markers missing from the build output');
  return (Number(end[1]) - Number(start[1])) / 1000;
}

const env = { GATSBY_TELEMETRY_DISABLED: '1', CI: 'true' };

/**
 * `npm run build` in the repo, holding /tmp/build.lock (browser tests build into the same public/), then
 * public/ copied to `dest` before the lock is released so no later build can change what is measured.
 */
export async function buildSite(repo: string, dest: string, log: string): Promise<BuildInfo> {
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const script = [
    `echo "${START} $(date +%s%3N)"`,
    'npm run build',
    `echo "${END} $(date +%s%3N)"`,
    `cp -a public ${JSON.stringify(dest)}`,
  ].join(' && ');
  const output = await run('flock', ['/tmp/build.lock', 'sh', '-c', script], { cwd: repo, env, log });
  return { wallSeconds: wallFromMarkers(output), steps: parseGatsbySteps(output), builtAt: new Date().toISOString() };
}

/** Copies the current public/ under the lock, for --reuse when no earlier copy exists. */
export async function copyPublic(repo: string, dest: string, log: string): Promise<void> {
  fs.rmSync(dest, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  await run('flock', ['/tmp/build.lock', 'cp', '-a', 'public', dest], { cwd: repo, log });
}

/**
 * The floor: bench/floor-fixture copied to `siteDir` with a package.json naming the repo's versions (Gatsby
 * refuses to build without one) and node_modules linked to the repo's, then `gatsby build` there.
 */
export async function buildFloor(repo: string, fixture: string, siteDir: string, log: string): Promise<BuildInfo> {
  fs.rmSync(siteDir, { recursive: true, force: true });
  fs.mkdirSync(siteDir, { recursive: true });
  fs.cpSync(fixture, siteDir, { recursive: true });
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(siteDir, 'node_modules'));
  const repoPackage = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const names = ['gatsby', 'react', 'react-dom', 'styled-components', 'gatsby-plugin-styled-components'];
  const dependencies = Object.fromEntries(names.map((name) => [name, repoPackage.dependencies[name]]));
  fs.writeFileSync(
    path.join(siteDir, 'package.json'),
    JSON.stringify({ name: 'gatsby-floor', private: true, dependencies }, null, 2),
  );
  const gatsbyCli = path.join(repo, 'node_modules', 'gatsby', 'cli.js');
  const script = `echo "${START} $(date +%s%3N)" && node ${JSON.stringify(gatsbyCli)} build && echo "${END} $(date +%s%3N)"`;
  const output = await run('sh', ['-c', script], { cwd: siteDir, env, log });
  return { wallSeconds: wallFromMarkers(output), steps: parseGatsbySteps(output), builtAt: new Date().toISOString() };
}

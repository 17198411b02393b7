// Prints the directory of the pinned Node's `node` command, fetched before `npm ci` from the npm registry: the
// node-<platform> package and version package-lock.json installs, checked against the lockfile's integrity.
// .ci/run runs `npm ci` under it: the same npm install takes 85 s under Node 26 and 179 s under Node 20
// (cold cache, 2 cores). Prints nothing (and `npm ci` runs under the machine's Node) where no such package exists.
// Runs under whatever Node the machine has.
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const platform = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
const name = `node-${platform}-${process.arch}`;
const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package-lock.json'), 'utf8'));
const entry = lock.packages?.[`node_modules/${name}`];
if (!platform || !entry?.version || !entry.integrity) process.exit(0);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinned-node-'));
// npm pack: the registry, proxy and cache npm ci uses, so npm ci then finds the package in its cache.
const [{ filename }] = JSON.parse(
  execFileSync('npm', ['pack', `${name}@${entry.version}`, '--json', '--pack-destination', dir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
);
const tarball = path.join(dir, filename);
const [algorithm, expected] = entry.integrity.split(/-(.*)/s);
const actual = createHash(algorithm).update(fs.readFileSync(tarball)).digest('base64');
if (actual !== expected) {
  console.error(`${filename}: integrity ${algorithm}-${actual} is not package-lock.json's ${entry.integrity}`);
  process.exit(1);
}
const command = process.platform === 'win32' ? 'node.exe' : 'node';
execFileSync('tar', ['-xzf', tarball, '-C', dir, `package/bin/${command}`]);
fs.rmSync(tarball);
process.stdout.write(path.join(dir, 'package', 'bin'));

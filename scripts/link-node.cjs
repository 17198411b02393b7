// After an install: makes sure node_modules/.bin/node is the Node that npm installed from the registry
// (node-<platform>), so every npm script runs under .nvmrc's line. npm 11 links it itself; npm 10's `npm ci`
// installs the package but leaves its `node` command unlinked.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const platform = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
const packageDir = path.join(root, 'node_modules', `node-${platform}-${process.arch}`);
const binary = path.join(packageDir, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
const link = path.join(root, 'node_modules', '.bin', 'node');

if (fs.existsSync(binary) && !fs.existsSync(link) && process.platform !== 'win32') {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.symlinkSync(path.relative(path.dirname(link), binary), link);
  console.log(`Linked node_modules/.bin/node to ${path.relative(root, binary)}`);
}

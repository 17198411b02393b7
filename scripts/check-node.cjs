// Every npm script runs under the Node line in .nvmrc. `npm ci` installs that Node from the npm registry
// (the node-<platform> optional dependencies) and npm puts it first on the scripts' PATH, so this passes on
// Linux x64/arm64, Intel macOS and Windows whatever Node ran npm. Where no such package exists (Apple
// silicon), the machine's Node must be the right one: stop at once and say the one command that fixes it.
const fs = require('node:fs');
const path = require('node:path');

const wanted = fs.readFileSync(path.join(__dirname, '..', '.nvmrc'), 'utf8').trim();
const running = process.versions.node.split('.')[0];
if (running !== wanted) {
  console.error(
    `This project runs on Node ${wanted} (.nvmrc); this is Node ${process.versions.node}.\n` +
      `Fix: nvm install   (installs and selects Node ${wanted} from .nvmrc), then run the command again.`,
  );
  process.exit(1);
}

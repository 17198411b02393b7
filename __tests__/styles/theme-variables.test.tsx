/** @jest-environment node */
// The theme is the one source of the site's look: every custom property a source file reads is one the
// theme defines, with no fallback that could hide a missing definition.
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { onRenderBody } from '../../gatsby-ssr';
import { theme, themeCssVariables, themeVariables } from '../../src/styles/theme';

const root = path.resolve(__dirname, '../..');
const sourceFile = /\.(tsx?|css)$/;
const generated = new Set(['src/gatsby-types.d.ts']);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return sourceFile.test(entry.name) && !generated.has(relative) ? [relative] : [];
  });
}

const scanned = [...sourceFiles('src'), ...fs.readdirSync(root).filter((name) => /^gatsby-.*\.tsx?$/.test(name))];

type Use = { file: string; line: number; property: string; fallback: boolean };

function customPropertyUses(file: string): Use[] {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((text, index) =>
    [...text.matchAll(/var\(\s*(--[\w-]+)\s*(,)?/g)].map((match) => ({
      file,
      line: index + 1,
      property: match[1],
      fallback: match[2] === ',',
    })),
  );
}

const uses = scanned.flatMap(customPropertyUses);
const where = (use: Use) => `${use.file}:${use.line} ${use.property}`;

test('the scan reads the global stylesheet, the components and the features', () => {
  expect(scanned).toEqual(
    expect.arrayContaining([
      'src/styles/global.css',
      'src/features/forms/styles.ts',
      'src/features/chat/look.ts',
      'src/components/ui/ButtonLink.tsx',
    ]),
  );
  expect(uses.length).toBeGreaterThan(0);
});

test('every custom property a source file reads is defined by the theme', () => {
  expect(uses.filter((use) => !themeVariables.has(use.property)).map(where)).toEqual([]);
});

test('no custom property is read with a fallback', () => {
  expect(uses.filter((use) => use.fallback).map(where)).toEqual([]);
});

test('no source file defines a custom property of its own', () => {
  const definitions = scanned.flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((text, index) => (/(^|[\s{;])--[\w-]+\s*:/.test(text) ? [`${file}:${index + 1}`] : [])),
  );
  expect(definitions).toEqual([]);
});

test('every token the components read through the theme refers to a defined property', () => {
  const { breakpoint, ...variableGroups } = theme;
  expect(Object.keys(breakpoint).length).toBeGreaterThan(0);
  const references = Object.values(variableGroups).flatMap((group) => Object.values(group));
  for (const reference of references) {
    expect(reference).toMatch(/^var\(--[\w-]+\)$/);
    expect(themeVariables.has(reference.slice(4, -1))).toBe(true);
  }
});

// Each (size, weight) pair a page uses is a font instance the browser sets up during the page's first layout,
// so sizes and weights come from the theme's short scale rather than from each component.
type Declaration = { file: string; line: number; property: string; value: string };

function fontDeclarations(file: string): Declaration[] {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  return lines.flatMap((text, index) =>
    [...text.matchAll(/(?:^|[\s{;])(font(?:-size|-weight)?)\s*:\s*([^;]+);/g)].map((match) => ({
      file,
      line: index + 1,
      property: match[1],
      value: match[2].trim(),
    })),
  );
}

const fromScale: Record<string, RegExp> = {
  'font-size': /^(\$\{(theme\.text|look\.fontSize)\.\w+\}|var\(--text-\w+\)|\$\{(look\.)?fieldFontSize\})$/,
  'font-weight': /^(\$\{(theme\.weight|look\.fontWeight)\.\w+\}|var\(--weight-\w+\))$/,
  font: /^inherit$/,
};

const fontUses = scanned.flatMap(fontDeclarations);

test("every font size and weight in a source file is a step of the theme's type scale", () => {
  expect(fontUses.filter((use) => use.property === 'font-size').length).toBeGreaterThan(20);
  expect(fontUses.filter((use) => use.property === 'font-weight').length).toBeGreaterThan(10);
  const offScale = fontUses.filter((use) => !fromScale[use.property].test(use.value));
  expect(offScale.map((use) => `${use.file}:${use.line} ${use.property}: ${use.value}`)).toEqual([]);
});

test('the type scale is short: nine sizes at most and three weights', () => {
  const sizes = [...themeVariables.keys()].filter((property) => property.startsWith('--text-'));
  const weights = [...themeVariables.keys()].filter((property) => property.startsWith('--weight-'));
  expect(sizes.length).toBeLessThanOrEqual(9);
  expect(weights.map((property) => themeVariables.get(property))).toEqual(['400', '600', '700']);
});

test('every page carries the theme in its server-rendered <head>', () => {
  const headComponents: React.ReactNode[] = [];
  const onRenderBodyArgs = {
    setHtmlAttributes: () => undefined,
    setHeadComponents: (components: React.ReactNode[]) => headComponents.push(...components),
  } as unknown as Parameters<NonNullable<typeof onRenderBody>>[0];
  onRenderBody!(onRenderBodyArgs, {} as never);
  const html = renderToStaticMarkup(<>{headComponents}</>);
  expect(html).toContain(themeCssVariables());
  expect(themeCssVariables()).toContain('--color-text:#f5f3ff;');
});

/** @jest-environment node */
// The template a page gets (src/build/page-templates.ts): the experiment's only while one of its sections runs one.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_TEMPLATES, templateFor } from '../../src/build/page-templates';

const STARTED = '2026-11-27T09:00:00+11:00';

it.each(['home', 'landing'] as const)('a %s page runs the experiment’s template only while it runs one', (kind) => {
  expect(templateFor(kind, [])).toEqual({ component: PAGE_TEMPLATES[kind].original, withExperiment: false });
  expect(templateFor(kind, [null, undefined, { startedAt: null }, {}])).toEqual({
    component: PAGE_TEMPLATES[kind].original,
    withExperiment: false,
  });
  expect(templateFor(kind, [null, { startedAt: STARTED }])).toEqual({
    component: PAGE_TEMPLATES[kind].experiment,
    withExperiment: true,
  });
});

it('names templates that exist, and only the experiment’s load the experiments’ code', () => {
  const root = path.resolve(__dirname, '../..');
  for (const { original, experiment } of Object.values(PAGE_TEMPLATES)) {
    const source = fs.readFileSync(path.join(root, original), 'utf8');
    expect(source).not.toMatch(/insights\/experiments\/(ExperimentVersions|useExperimentOnPage|assign)/);
    expect(fs.readFileSync(path.join(root, experiment), 'utf8')).toMatch(/ExperimentVersions/);
  }
});

/** @jest-environment node */
// The contract of __tests__/fixtures/spec-texts.ts: content/ holds every text the specification fixes, where the
// components read it. A marketer who rewords one of these gets this failure, naming the file and field.
import fs from 'node:fs';
import path from 'node:path';
import plans from '../../content/plans.json';
import { fieldKeys } from '../../src/content-model/wording';
import { mostPopularPlan, pinnedFields } from '../fixtures/spec-texts';

const contentDir = path.resolve(__dirname, '../../content');

function valueAt(file: string, field: string): unknown {
  let value: unknown = JSON.parse(fs.readFileSync(path.join(contentDir, file), 'utf8'));
  for (const key of fieldKeys(field)) value = (value as Record<string | number, unknown>)[key];
  return value;
}

describe('the texts the specification fixes', () => {
  it.each(pinnedFields.map((pinned) => [`content/${pinned.file}, ${pinned.field}`, pinned]))(
    '%s holds the spec text',
    (_where, { file, field, text }) => {
      expect(valueAt(file, field)).toBe(text);
    },
  );

  it('flags exactly one plan as the most popular, the one the specification names', () => {
    expect(plans.filter((plan) => plan.mostPopular).map((plan) => plan.name)).toEqual([mostPopularPlan]);
  });

  it('lists the plans in the order the pages show them', () => {
    const byOrder = [...plans].sort((a, b) => a.order - b.order).map((plan) => plan.name);
    expect(byOrder).toEqual(plans.map((plan) => plan.name));
  });
});

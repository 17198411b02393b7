/** @jest-environment node */
// The versions of a section under an experiment (src/content-model/experiment-versions.ts, free of zod so that a
// page can bundle it).
import type { ExperimentContent } from '../../../src/content-model/experiment-schema';
import {
  experimentShares,
  isRunning,
  runningExperimentIn,
  sectionForVariant,
} from '../../../src/content-model/experiment-versions';

const experiment: ExperimentContent = {
  id: 'closing-band',
  name: 'Closing band',
  startedAt: '2026-11-27T09:00:00+11:00',
  variants: [
    { name: 'Title', share: 20, title: 'Busy?', text: null },
    {
      name: 'All',
      share: 35,
      title: 'Get your evenings back',
      text: 'Twenty minutes.',
      primaryCta: { label: 'Talk', to: '#form' },
    },
  ],
};
const section = { title: 'Ready?', text: 'Book a call.', primaryCta: { label: 'Book', to: '/book' }, experiment };

it('gives the shares, the original first, and each version: the original’s fields, then the variant’s', () => {
  expect(experimentShares(experiment)).toEqual([45, 20, 35]);
  expect(sectionForVariant(section, 0)).toEqual({
    title: 'Ready?',
    text: 'Book a call.',
    primaryCta: section.primaryCta,
  });
  expect(sectionForVariant(section, 2)).toEqual({
    title: 'Get your evenings back',
    text: 'Twenty minutes.',
    primaryCta: { label: 'Talk', to: '#form' },
  });
  expect(sectionForVariant(section, 1)).toEqual({
    title: 'Busy?',
    text: 'Book a call.',
    primaryCta: section.primaryCta,
  });
});

it('finds the page’s running experiment, never a draft', () => {
  const draft = { ...experiment, id: 'draft', startedAt: undefined };
  expect(isRunning(draft)).toBe(false);
  expect(runningExperimentIn([{ title: 'x' }, { experiment: draft }, { experiment: null }])).toBeUndefined();
  expect(runningExperimentIn([{ experiment: draft }, { title: 'x' }, section])).toBe(experiment);
});

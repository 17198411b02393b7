/** @jest-environment node */
import { formatLastUpdated } from '../../src/content-model/last-updated';

it('uses the date set in the frontmatter', () => {
  expect(formatLastUpdated('2026-03-01', new Date('2026-11-22T10:00:00Z'))).toEqual({
    iso: '2026-03-01',
    text: '1 March 2026',
  });
});

it('falls back to the build date', () => {
  expect(formatLastUpdated(undefined, new Date('2026-11-22T23:30:00Z'))).toEqual({
    iso: '2026-11-22',
    text: '22 November 2026',
  });
});

/** @jest-environment node */
// The dashboard's pure parts: the periods it asks for (team days, [from, to)), how it writes numbers and changes,
// and the CSV it makes (RFC 4180, and no formula a spreadsheet would run).
import { parseCsv, toCsv } from '../../../src/insights/dashboard/csv';
import { changeOf, fill, formatDay } from '../../../src/insights/dashboard/format';
import { addDays, isValidCustom, periodFor, previousOf, todayIn } from '../../../src/insights/dashboard/periods';

test('"last N days" end with today; custom dates include their last day; the previous period has the same length', () => {
  expect(periodFor({ kind: 'last', days: 7 }, '2026-04-10')).toEqual({ from: '2026-04-04', to: '2026-04-11' });
  expect(periodFor({ kind: 'last', days: 30 }, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-02' });
  expect(periodFor({ kind: 'custom', first: '2026-04-05', last: '2026-04-05' }, '2026-11-27')).toEqual({
    from: '2026-04-05',
    to: '2026-04-06',
  });
  expect(previousOf({ from: '2026-04-04', to: '2026-04-11' })).toEqual({ from: '2026-03-28', to: '2026-04-04' });
  // Days are calendar days, not 24-hour steps: the day daylight saving ends in Sydney is one day like any other.
  expect(addDays('2026-04-04', 2)).toBe('2026-04-06');
});

test('today is the calendar day in the team’s zone', () => {
  const instant = new Date('2026-04-05T13:40:00Z');
  expect(todayIn('Australia/Sydney', instant)).toBe('2026-04-05');
  expect(todayIn('UTC', new Date('2026-04-05T14:05:00Z'))).toBe('2026-04-05');
  expect(todayIn('Australia/Sydney', new Date('2026-04-05T14:05:00Z'))).toBe('2026-04-06');
});

test('custom dates must be real days, in order, at most 1,100 days', () => {
  expect(isValidCustom('2026-04-01', '2026-04-01')).toBe(true);
  expect(isValidCustom('2026-04-02', '2026-04-01')).toBe(false);
  expect(isValidCustom('', '2026-04-01')).toBe(false);
  expect(isValidCustom('2023-01-01', '2026-01-04')).toBe(true);
  expect(isValidCustom('2023-01-01', '2026-01-05')).toBe(false);
});

test('changes, days and placeholders read as people write them', () => {
  expect(changeOf(125, 100)).toEqual({ kind: 'change', text: '+25%' });
  expect(changeOf(50, 100)).toEqual({ kind: 'change', text: '-50%' });
  expect(changeOf(3, 3)).toEqual({ kind: 'same' });
  expect(changeOf(4, 0)).toEqual({ kind: 'new' });
  expect(formatDay('2026-04-05')).toBe('5 Apr 2026');
  expect(fill('{count} of {count}, {rate}', { count: 2, rate: '5%' })).toBe('2 of 2, 5%');
});

test('the CSV quotes what needs quoting, and a cell never starts a formula', () => {
  const csv = toCsv(
    ['Source', 'Leads'],
    [
      ['linkedin', 3],
      ['Say "hi", then', 1],
      ['=HYPERLINK("https://evil.example")', 0],
      ['-2+3', 0],
      ['@SUM(A1)', 0],
    ],
  );
  expect(csv).toBe(
    'Source,Leads\r\nlinkedin,3\r\n"Say ""hi"", then",1\r\n"\'=HYPERLINK(""https://evil.example"")",0\r\n\'-2+3,0\r\n\'@SUM(A1),0\r\n',
  );
  expect(parseCsv(csv)).toEqual([
    ['Source', 'Leads'],
    ['linkedin', '3'],
    ['Say "hi", then', '1'],
    ['\'=HYPERLINK("https://evil.example")', '0'],
    ["'-2+3", '0'],
    ["'@SUM(A1)", '0'],
  ]);
});

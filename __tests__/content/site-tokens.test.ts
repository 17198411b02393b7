/** @jest-environment node */
import { fillSiteTokens, siteTokenValues, unknownTokens } from '../../src/content-model/site-tokens';
import { formatProblems, loadContent } from '../../src/content-model/check';
import { copyContent } from '../helpers/content-copy';
import { claims, constants } from '../fixtures/spec-texts';

// The specification's figures, as site.json holds them.
const site = { brandName: 'Brightlane AI', ...constants, claims };

describe('site placeholders', () => {
  it('fill the claims and call lengths kept once in site.json', () => {
    const values = siteTokenValues(site);
    expect(
      fillSiteTokens('Cut costs by up to {costReductionUpTo} ({costReductionRange}) with {uptime} uptime', values),
    ).toBe('Cut costs by up to 70% (50–70%) with 99.9% uptime');
    expect(
      fillSiteTokens('A {strategyCallMinutes}-minute call, a reply within {responseTimeHours} hours', values),
    ).toBe('A 30-minute call, a reply within 24 hours');
    expect(
      fillSiteTokens(
        '{returnMultiple} return within {returnWindowDays} days, {noShowReduction} fewer no-shows',
        values,
      ),
    ).toBe('3–5x return within 90 days, 60% fewer no-shows');
  });

  it('leave other braces alone and report unknown placeholders', () => {
    expect(fillSiteTokens('Email {email}', siteTokenValues(site))).toBe('Email {email}');
    expect(unknownTokens('Up to {costReduction} and {uptime}')).toEqual(['costReduction']);
    expect(unknownTokens('Write to {email}', ['email'])).toEqual([]);
  });

  it('a misspelled placeholder in page copy fails the content check', () => {
    const content = copyContent();
    try {
      content.editJson('pages/home.json', (home) => (home.stats[0].value = 'Up to {costReductionUpto}'));
      expect(formatProblems(loadContent(content.dir).problems)).toBe(
        "- content/pages/home.json: '{costReductionUpto}' is not a known placeholder. Use one of: {brandName}, {costReductionUpTo}, {costReductionRange}, {uptime}, {returnMultiple}, {returnWindowDays}, {noShowReduction}, {responseTimeHours}, {strategyCallMinutes}, {discoveryCallMinutes}.",
      );
    } finally {
      content.cleanup();
    }
  });
});

it('refuses curly brackets in a legal page, where MDX would treat them as code', () => {
  const content = copyContent();
  try {
    content.write('legal/terms.mdx', '---\ntitle: Terms\nslug: terms\ndescription: d\n---\nUptime is {uptime}.\n');
    expect(formatProblems(loadContent(content.dir).problems)).toBe(
      "- content/legal/terms.mdx: curly brackets ({ }) cannot be used in a legal page's text, not even placeholders. Write the words or figures out.",
    );
  } finally {
    content.cleanup();
  }
});

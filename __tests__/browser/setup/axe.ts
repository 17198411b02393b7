import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's violations on the page as readable lines (empty when clean), WCAG 2.2 A/AA plus best practices. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} — ${node.target.join(' ')}`),
  );
}

import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };

const readable = (violations: Violation[]) =>
  violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${violation.help} — ${node.target.join(' ')}`),
  );

/**
 * axe's violations on the page as readable lines (empty when clean), WCAG 2.2 A/AA plus best practices.
 * The site's pages have no frames, so axe runs in the page itself, injected once per document and asked
 * for violations only: @axe-core/playwright re-injects and finishes each run in a second page, about 3 s a
 * call against 0.5 s here. A page with frames goes through @axe-core/playwright, which covers them.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    return readable(results.violations);
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) =>
          results.violations.map(({ id, help, nodes }) => ({
            id,
            help,
            nodes: nodes.map(({ target }) => ({ target })),
          })),
        ),
    TAGS,
  );
  return readable(violations);
}

// The rules on experiments that no one section's schema can see: one experiment per page (a visit is counted for
// the variant it saw, of one experiment), an id of its own across the whole site (the counts are kept by id), and
// variants that show something other than the original.
import { isDeepStrictEqual } from 'node:util';
import type { ZodType } from 'zod';
import { experimentsIn } from './experiments-in';
import type { ExperimentContent } from './experiment-schema';
import { fieldPath } from './friendly-issue';

type Page = { file: string; item?: string; schema: ZodType; value: unknown };
type Problem = { file: string; item?: string; message: string };

/** The experiments of every page (a landing page, the home page), and what is wrong with them. */
export function experimentProblems(pages: Page[]): Problem[] {
  const problems: Problem[] = [];
  const ids = new Map<string, string>();
  for (const page of pages) {
    const problem = (message: string) => problems.push({ file: page.file, item: page.item, message });
    const found = experimentsIn(page.schema, page.value);
    const named = found.map(({ path, key }) => `'${fieldPath([...path, key])}'`);
    if (found.length > 1) {
      problem(
        `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]} are ${found.length === 2 ? 'both' : 'all'} experiments; a page runs one experiment at a time. End all but one: keep one version of each of the others (End the experiment, in the editor).`,
      );
    }
    for (const { path, section, key } of found) {
      const experiment = section[key] as ExperimentContent;
      const at = [...path, key];
      const owner = ids.get(experiment.id);
      if (owner) {
        problem(
          `'${fieldPath([...at, 'id'])}' ${experiment.id} is also the id of ${owner}. Give each experiment its own id: its visitors are counted by it.`,
        );
      } else ids.set(experiment.id, `the experiment '${fieldPath(at)}' in ${page.file}`);
      experiment.variants.forEach((variant, index) => {
        const changes = Object.entries(variant).filter(([field]) => field !== 'name' && field !== 'share');
        if (changes.some(([field, value]) => !isDeepStrictEqual(value, section[field]))) return;
        problem(
          `'${fieldPath([...at, 'variants', index])}' (${variant.name}) shows the same as the original: each field it sets has the original's value. Change one of them, or remove the variant.`,
        );
      });
    }
  }
  return problems;
}

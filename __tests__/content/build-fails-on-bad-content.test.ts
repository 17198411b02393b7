/** @jest-environment node */
// The build's first step (gatsby-node onPreBootstrap) stops a build on bad content with the same report
// as `npm run check:content`.
import { onPreBootstrap } from '../../gatsby-node';
import { copyContent } from '../helpers/content-copy';

function runPreBootstrap(contentDir: string) {
  process.env.CONTENT_DIR = contentDir;
  const reporter = { panic: jest.fn(), info: jest.fn() };
  (onPreBootstrap as (args: unknown) => void)({ reporter });
  delete process.env.CONTENT_DIR;
  return reporter;
}

it('stops the build and names the file, item and field of each mistake', () => {
  const content = copyContent();
  try {
    content.editJson('plans.json', (plans) => (plans[2].features = []));
    content.editJson('pages/pricing.json', (pricing) => (pricing.heroo = pricing.hero));
    const reporter = runPreBootstrap(content.dir);
    expect(reporter.panic).toHaveBeenCalledTimes(1);
    expect(reporter.panic.mock.calls[0][0]).toBe(
      [
        'The content has 2 problems (see CONTENT.md):',
        "- content/pages/pricing.json: 'heroo' is not a known field. Did you mean 'hero'? Rename it.",
        "- content/plans.json, plan 3 'Voice AI': 'features': features must be a list of at least one item.",
      ].join('\n'),
    );
  } finally {
    content.cleanup();
  }
});

it('lets valid content through and says where leads go', () => {
  const content = copyContent();
  try {
    const reporter = runPreBootstrap(content.dir);
    expect(reporter.panic).not.toHaveBeenCalled();
    expect(reporter.info).toHaveBeenCalledWith(
      expect.stringContaining('Leads go to the local data API at http://127.0.0.1:54321'),
    );
  } finally {
    content.cleanup();
  }
});

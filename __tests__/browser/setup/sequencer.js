// The order the browser test files start in, two at a time: the longest first, so the run does not end with one
// long file alone on a core. Jest's own order needs timings from an earlier run on this machine (a clean clone
// has none, and then goes by file size, which would start the long route files last); these are the files'
// seconds in a clean-clone CI run (two at a time, 2 cores), kept roughly up to date. A file not listed starts
// after the listed ones, longest by Jest's own measure first.
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

const SECONDS = {
  'landing-pages-editor.test.ts': 160,
  'npm-start.test.ts': 130,
  'routes-375.test.ts': 120,
  'routes-1280.test.ts': 110,
  'chat.test.ts': 110,
  'forms.test.ts': 100,
  'editor.test.ts': 90,
  'early-input.test.ts': 70,
  'faults.test.ts': 50,
  'notifications.test.ts': 50,
  'landing.test.ts': 40,
  'site.test.ts': 40,
};

class BrowserTestSequencer extends Sequencer {
  sort(tests) {
    const byJest = super.sort(tests);
    const known = (test) => SECONDS[path.basename(test.path)] ?? -1;
    return [...byJest].sort((a, b) => known(b) - known(a));
  }
}

module.exports = BrowserTestSequencer;

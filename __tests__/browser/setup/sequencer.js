// The order the browser test files start in, two at a time: the longest first, so the run does not end with one
// long file alone on a core. Jest's own order needs timings from an earlier run on this machine (a clean clone
// has none, and then goes by file size, which would start the long route files last); these are the files'
// seconds in a clean-clone CI run (fe5abc2, two at a time, 2 cores; editor, forms, chat and booking estimated after
// they were cut down), kept roughly up to date. A file not listed starts after the listed ones, longest by Jest's
// own measure first.
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

const SECONDS = {
  // With the landing page made in the editor (128 s alone on an idle machine; was 89 before it took that on).
  'npm-start.test.ts': 190,
  'routes-1280.test.ts': 69,
  'chat.test.ts': 60,
  'early-input.test.ts': 58,
  'forms.test.ts': 55,
  'review-diff.test.ts': 51,
  'editor.test.ts': 45,
  'routes-375.test.ts': 43,
  'chat-booking-time.test.ts': 43,
  'landing.test.ts': 41,
  'lead-challenge.test.ts': 41,
  'csp.test.ts': 41,
  'booking.test.ts': 35,
  'faults.test.ts': 33,
  'notifications.test.ts': 33,
  'site.test.ts': 30,
  'attribution.test.ts': 30,
  // Measured alone on the shared 2-core machine (21–33 s wall, load average 5–7), not yet in a CI run.
  'insights-dashboard.test.ts': 27,
  'zone-picker.test.ts': 22,
  // Measured alone (2 versions of one experiment: 13 s on an idle machine).
  'experiments.test.ts': 20,
  // Measured alone on the shared machine beside a CI run (24–48 s).
  'insights-funnel.test.ts': 35,
};

class BrowserTestSequencer extends Sequencer {
  sort(tests) {
    const byJest = super.sort(tests);
    const known = (test) => SECONDS[path.basename(test.path)] ?? -1;
    return [...byJest].sort((a, b) => known(b) - known(a));
  }
}

module.exports = BrowserTestSequencer;

// npm run chat:wishes — issue 28's figures on its tuning and held-out lists, and issue 33's on its lists of
// visitors asking to see the product working or for a quote on one service, with every miss.
import {
  MUST_NOT_START_HELD_OUT,
  MUST_NOT_START_TUNING,
  SEE_OR_QUOTE_MUST_NOT_START_HELD_OUT,
  SEE_OR_QUOTE_MUST_NOT_START_TUNING,
  SEE_OR_QUOTE_WISHES_HELD_OUT,
  SEE_OR_QUOTE_WISHES_TUNING,
  WISHES_HELD_OUT,
  WISHES_TUNING,
  type Phrasing,
} from '../__tests__/fixtures/chat-booking-wishes';
import { builtChatScript } from '../__tests__/helpers/chat-script';
import { firstMessageFigure, mustNotStartFigure, wishFigure, type Figure } from './chat/booking-wish-figures';

const script = builtChatScript();
const percent = (f: Figure) => `${(f.share * 100).toFixed(1)} % (${f.count} of ${f.of})`;

function report(title: string, f: Figure, missLabel: string) {
  console.log(`${title}: ${percent(f)}`);
  for (const miss of f.misses) console.log(`  ${missLabel}: ${JSON.stringify(miss.text)} (${miss.visitor})`);
}

const lists: [string, Phrasing[], Phrasing[]][] = [
  ['Issue 28, tuning', WISHES_TUNING, MUST_NOT_START_TUNING],
  ['Issue 28, held out', WISHES_HELD_OUT, MUST_NOT_START_HELD_OUT],
  [
    'Issue 33 (see it working, a quote for one service), tuning',
    SEE_OR_QUOTE_WISHES_TUNING,
    SEE_OR_QUOTE_MUST_NOT_START_TUNING,
  ],
  [
    'Issue 33 (see it working, a quote for one service), held out',
    SEE_OR_QUOTE_WISHES_HELD_OUT,
    SEE_OR_QUOTE_MUST_NOT_START_HELD_OUT,
  ],
];

for (const [name, wishes, mustNot] of lists) {
  console.log(`\n${name}`);
  report('  booking wishes reaching the first question within two messages', wishFigure(wishes, script), 'missed');
  report('  of them, started by the first message alone', firstMessageFigure(wishes, script), 'offered first');
  report('  must-not-start phrasings that start the flow', mustNotStartFigure(mustNot, script), 'started');
}

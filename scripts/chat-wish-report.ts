// npm run chat:wishes — issue 28's figures on the tuning and the held-out lists, with every miss.
import {
  MUST_NOT_START_HELD_OUT,
  MUST_NOT_START_TUNING,
  WISHES_HELD_OUT,
  WISHES_TUNING,
} from '../__tests__/fixtures/chat-booking-wishes';
import { builtChatScript } from '../__tests__/helpers/chat-script';
import { firstMessageFigure, mustNotStartFigure, wishFigure, type Figure } from './chat/booking-wish-figures';

const script = builtChatScript();
const percent = (f: Figure) => `${(f.share * 100).toFixed(1)} % (${f.count} of ${f.of})`;

function report(title: string, f: Figure, missLabel: string) {
  console.log(`${title}: ${percent(f)}`);
  for (const miss of f.misses) console.log(`  ${missLabel}: ${JSON.stringify(miss.text)} (${miss.visitor})`);
}

for (const [name, wishes, mustNot] of [
  ['Tuning', WISHES_TUNING, MUST_NOT_START_TUNING],
  ['Held out', WISHES_HELD_OUT, MUST_NOT_START_HELD_OUT],
] as const) {
  console.log(`\n${name}`);
  report('  booking wishes reaching the first question within two messages', wishFigure(wishes, script), 'missed');
  report('  of them, started by the first message alone', firstMessageFigure(wishes, script), 'offered first');
  report('  must-not-start phrasings that start the flow', mustNotStartFigure(mustNot, script), 'started');
}

// npm run chat:wishes — issue 28's figures on its tuning and held-out lists, issue 33's on its lists of
// visitors asking to see the product working or for a quote on one service, and issue 43's on visitors asking to
// be sent an invitation or a link, or whether a call is needed before seeing prices, with every miss.
import {
  INVITE_OR_PRICE_MUST_NOT_START_HELD_OUT,
  INVITE_OR_PRICE_MUST_NOT_START_TUNING,
  INVITE_WISHES_HELD_OUT,
  INVITE_WISHES_TUNING,
  MUST_NOT_START_HELD_OUT,
  PRICE_WITHOUT_CALL_HELD_OUT,
  PRICE_WITHOUT_CALL_TUNING,
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
import {
  answeredFigure,
  firstMessageFigure,
  mustNotStartFigure,
  wishFigure,
  type Figure,
} from './chat/booking-wish-figures';

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
  ['Issue 43 (send me an invite or a link), tuning', INVITE_WISHES_TUNING, INVITE_OR_PRICE_MUST_NOT_START_TUNING],
  ['Issue 43 (send me an invite or a link), held out', INVITE_WISHES_HELD_OUT, INVITE_OR_PRICE_MUST_NOT_START_HELD_OUT],
];

for (const [name, wishes, mustNot] of lists) {
  console.log(`\n${name}`);
  report('  booking wishes reaching the first question within two messages', wishFigure(wishes, script), 'missed');
  report('  of them, started by the first message alone', firstMessageFigure(wishes, script), 'offered first');
  report('  must-not-start phrasings that start the flow', mustNotStartFigure(mustNot, script), 'started');
}

const priceAnswer = script.priceWithoutCall.reply;
for (const [name, list] of [
  ['Issue 43 (a price without a call?), tuning', PRICE_WITHOUT_CALL_TUNING],
  ['Issue 43 (a price without a call?), held out', PRICE_WITHOUT_CALL_HELD_OUT],
] as const) {
  console.log(`\n${name}`);
  report('  answered, with the offer of a call', answeredFigure(list, script, priceAnswer), 'not answered');
  report('  that start the flow', mustNotStartFigure(list, script), 'started');
  report('  reaching the first question within two messages', wishFigure(list, script), 'missed');
}

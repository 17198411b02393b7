/** @jest-environment node */
import {
  countMentions,
  findEmail,
  findPhoneNumber,
  isRequest,
  looksLikeWebsite,
  mentions,
  mentionsAny,
  mentionsTime,
  words,
} from '../../src/features/chat/match';

const timeOfDay = ['morning', 'mornings', 'afternoon', 'evening'];
const meridiem = ['am', 'pm', 'a.m.', 'p.m.'];

describe('words', () => {
  it('splits on anything but letters, digits and apostrophes, lower-cased', () => {
    expect(words('Can we SCHEDULE a call? I don’t mind.')).toEqual([
      'can',
      'we',
      'schedule',
      'a',
      'call',
      'i',
      "don't",
      'mind',
    ]);
    expect(words('nonprofit.org')).toEqual(['nonprofit', 'org']);
    expect(words("'quoted'")).toEqual(['quoted']);
    expect(words('  ')).toEqual([]);
  });
});

describe('mentions', () => {
  it.each([
    ['I want to book a demo', 'book', true],
    ['Can we schedule a call?', 'call', true],
    ['I saw you on facebook', 'book', false],
    ['Total recall', 'call', false],
    ['nonprofit.org', 'no', false],
    ['Noah', 'no', false],
    ["I don't have one", "don't", true],
    ['I don’t have one', "don't", true],
    ["Let's try again!", 'try again', true],
    ['again try', 'try again', false],
    ['n/a', 'n/a', true],
  ])('%j mentions %j: %s', (text, phrase, expected) => {
    expect(mentions(text, phrase)).toBe(expected);
  });

  it('never matches an empty phrase', () => {
    expect(mentions('anything', '   ')).toBe(false);
  });

  it('counts distinct phrases mentioned', () => {
    expect(countMentions('voice receptionist for calls', ['voice', 'receptionist', 'voice receptionist', 'sms'])).toBe(
      3,
    );
    expect(mentionsAny('hello', ['hi', 'hey'])).toBe(false);
  });
});

describe('mentionsTime', () => {
  it.each(['3pm', 'tomorrow 10:30', 'Tuesday morning', '10 am', '9.30 p.m.', 'Mornings are best', 'EVENING', '14:00'])(
    'accepts %j',
    (text) => expect(mentionsTime(text, timeOfDay, meridiem)).toBe(true),
  );
  it.each(['Friday PM', 'tomorrow am', 'Monday p.m.', 'AM please', '3.30 p.m.', '15:00'])(
    'accepts %j (am/pm as a word)',
    (text) => expect(mentionsTime(text, timeOfDay, meridiem)).toBe(true),
  );
  it.each([
    'Tuesday',
    'tomorrow',
    'I am free whenever',
    'Am I able to pick later?',
    'asap',
    'pmc meeting',
    'sometime next week',
  ])('rejects %j', (text) => expect(mentionsTime(text, timeOfDay, meridiem)).toBe(false));
});

describe('looksLikeWebsite', () => {
  it.each(['nonprofit.org', 'www.no-limits.com', 'https://acme.io/about', 'acme.com.au'])('%j is a website', (text) =>
    expect(looksLikeWebsite(text)).toBe(true),
  );
  it.each(['no', "don't have one", 'none yet', 'jo@acme.com', 'v1.2'])('%j is not a website', (text) =>
    expect(looksLikeWebsite(text)).toBe(false),
  );
});

describe('findEmail', () => {
  it('finds the address inside a sentence and drops trailing punctuation', () => {
    expect(findEmail("it's jo.smith@acme.com.")).toBe('jo.smith@acme.com');
    expect(findEmail('<jo@acme.io>')).toBe('jo@acme.io');
  });
  it('needs something on both sides of the @', () => {
    expect(findEmail('@')).toBeUndefined();
    expect(findEmail('jo@')).toBeUndefined();
    expect(findEmail('no email')).toBeUndefined();
    expect(findEmail('jo@acme@example.com')).toBeUndefined();
  });
});

describe('isRequest', () => {
  const filler = ['please', 'oh', 'ok', 'no'];
  it.each([
    ['Cancel', true],
    ['oh, cancel please!', true],
    ['STOP 🛑', true],
    ['no', false],
    ['One Stop Plumbing', false],
    ['cancel the booking', true],
    ['cancel the booking at Acme', false],
  ])('%j is the request: %s', (text, expected) => {
    expect(isRequest(text, ['cancel', 'stop', 'cancel the booking'], filler)).toBe(expected);
  });
  it('a filler word can itself be the request', () => {
    expect(isRequest('no', ['no'], filler)).toBe(true);
  });
});

describe('findPhoneNumber', () => {
  it.each([
    ['0400 123 456 (no landline)', '0400 123 456'],
    ['+61 (2) 9876-5432', '+61 (2) 9876-5432'],
    ['call 13 12 34 after 5pm', '13 12 34'],
    ['mob: 0412.345.678', '0412.345.678'],
  ])('finds the number in %j', (text, number) => expect(findPhoneNumber(text)).toBe(number));
  it.each(['no', 'after 5pm', 'room 101', 'Not provided'])('finds none in %j', (text) =>
    expect(findPhoneNumber(text)).toBeUndefined(),
  );
});

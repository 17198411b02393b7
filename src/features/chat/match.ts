// Whole-word matching of visitor text against the script's word lists. A message is split into words
// (letters, digits and apostrophes), and a phrase matches when its words appear consecutively, so
// 'facebook' does not contain 'book', 'recall' does not contain 'call' and 'nonprofit.org' does not contain 'no'.

/** Lower-cased words of `text`; curly apostrophes are straightened and edge apostrophes dropped. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 0);
}

/** Whether `needle`'s words stand in `haystack` from word `start` on. */
function sequenceAt(haystack: string[], needle: string[], start: number): boolean {
  return needle.every((word, offset) => haystack[start + offset] === word);
}

/** Where `needle` starts in `haystack` as consecutive words. */
function sequenceStarts(haystack: string[], needle: string[]): number[] {
  const starts: number[] = [];
  if (needle.length === 0) return starts;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (sequenceAt(haystack, needle, start)) starts.push(start);
  }
  return starts;
}

/** Where `phrase` starts among the words `said` of a message ("book" in "can we book a call": [2]). */
export function phraseStarts(said: string[], phrase: string): number[] {
  return sequenceStarts(said, words(phrase));
}

function containsSequence(haystack: string[], needle: string[]): boolean {
  return sequenceStarts(haystack, needle).length > 0;
}

/** Whether `text` mentions `phrase` as whole words ("try again" matches "let's try again!"). */
export function mentions(text: string, phrase: string): boolean {
  return containsSequence(words(text), words(phrase));
}

export function mentionsAny(text: string, phrases: readonly string[]): boolean {
  const textWords = words(text);
  return phrases.some((phrase) => containsSequence(textWords, words(phrase)));
}

/**
 * How many of `phrases` `text` mentions; used to pick the best keyword reply. Phrases with the same words
 * count once ("after hours" and "after-hours").
 */
export function countMentions(text: string, phrases: readonly string[]): number {
  const textWords = words(text);
  const distinct = new Map(phrases.map((phrase) => [words(phrase).join(' '), words(phrase)]));
  return [...distinct.values()].filter((phrase) => containsSequence(textWords, phrase)).length;
}

/** A domain such as "acme.com", "www.nonprofit.org" or a URL with a scheme. */
export function looksLikeWebsite(text: string): boolean {
  return /(https?:\/\/\S+|\b[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[\p{L}]{2,}\b)/u.test(text) && !text.includes('@');
}

/**
 * Whether the whole of `text` is one of `phrases`: either word for word, or once `filler` words ("please",
 * "oh", "ok", "thanks") are left out. "Oh, cancel please!" is the request "cancel"; "One Stop Plumbing" is
 * not the request "stop", because it says more than that.
 */
export function isRequest(text: string, phrases: readonly string[], filler: readonly string[]): boolean {
  const said = words(text);
  const fillerWords = new Set(filler.flatMap(words));
  const meant = said.filter((word) => !fillerWords.has(word));
  return phrases.some((phrase) => {
    const wanted = words(phrase).join(' ');
    return wanted !== '' && (said.join(' ') === wanted || meant.join(' ') === wanted);
  });
}

/**
 * Whether `text` is made of `phrases` and `filler` words only, one phrase at least: "sure, do that" and "ok
 * please" are made of yes words, "haha ok" is not ("haha" is neither).
 */
export function consistsOf(text: string, phrases: readonly string[], filler: readonly string[]): boolean {
  const said = words(text);
  const pieces = [
    ...phrases.map((phrase) => ({ words: words(phrase), counts: true })),
    ...filler.map((word) => ({ words: words(word), counts: false })),
  ].filter((piece) => piece.words.length > 0);
  // reached[i]: the first i words can be covered — 'phrase' with a phrase among them, 'filler' with filler only.
  const reached: (undefined | 'filler' | 'phrase')[] = ['filler'];
  for (let at = 0; at < said.length; at += 1) {
    const before = reached[at];
    if (!before) continue;
    for (const piece of pieces) {
      if (!sequenceAt(said, piece.words, at)) continue;
      const end = at + piece.words.length;
      if (piece.counts || before === 'phrase') reached[end] = 'phrase';
      else reached[end] ??= 'filler';
    }
  }
  return reached[said.length] === 'phrase';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The spec's time rule with whole words: a colon ("10:30"), a time-of-day word ("Tuesday morning",
 * "tonight"), or am/pm after a number ("3pm", "10 am", "9.30 p.m.") or as a word of its own ("Friday PM",
 * "tomorrow am"). "am" right after or before "I" is the verb, so "I am free whenever" is not a time.
 */
export function mentionsTime(
  text: string,
  timeOfDayWords: readonly string[],
  meridiemWords: readonly string[],
): boolean {
  if (text.includes(':')) return true;
  if (mentionsAny(text, timeOfDayWords)) return true;
  const lower = text.toLowerCase();
  const afterNumber = meridiemWords.some((meridiem) =>
    new RegExp(`\\d\\s*${escapeRegExp(meridiem.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u').test(lower),
  );
  return afterNumber || mentionsMeridiemWord(words(text), meridiemWords);
}

function mentionsMeridiemWord(textWords: string[], meridiemWords: readonly string[]): boolean {
  return meridiemWords.some((meridiem) => {
    const needle = words(meridiem);
    const isAm = needle.join(' ') === 'am';
    return sequenceStarts(textWords, needle).some(
      (start) => !(isAm && (textWords[start - 1] === 'i' || textWords[start + 1] === 'i')),
    );
  });
}

/**
 * The first phone number in `text`: digits with spaces, "+", brackets, dots or dashes between them, at least
 * six digits in all ("0400 123 456", "+61 (2) 9876-5432", "13 12 34"). Undefined when there is none.
 */
export function findPhoneNumber(text: string): string | undefined {
  const runs = text.match(/\+?\(?\d[\d\s().-]*\d\)?/g) ?? [];
  return runs.map((run) => run.trim()).find((run) => (run.match(/\d/g) ?? []).length >= MIN_PHONE_DIGITS);
}

const MIN_PHONE_DIGITS = 6;

/**
 * The e-mail address in an answer such as "it's jo@acme.com thanks", or undefined when there is no word
 * with something on both sides of a single @ (the database accepts nothing else).
 */
export function findEmail(text: string): string | undefined {
  const candidate = text
    .split(/[\s<>()[\],;:"']+/)
    .find((word) => word.includes('@'))
    ?.replace(/[.!?]+$/, '');
  return candidate && /^[^@]+@[^@]+$/.test(candidate) ? candidate : undefined;
}

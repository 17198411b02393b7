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

function containsSequence(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/** Whether `text` mentions `phrase` as whole words ("try again" matches "let's try again!"). */
export function mentions(text: string, phrase: string): boolean {
  return containsSequence(words(text), words(phrase));
}

export function mentionsAny(text: string, phrases: readonly string[]): boolean {
  const textWords = words(text);
  return phrases.some((phrase) => containsSequence(textWords, words(phrase)));
}

/** How many of `phrases` `text` mentions; used to pick the best keyword reply. */
export function countMentions(text: string, phrases: readonly string[]): number {
  const textWords = words(text);
  return phrases.filter((phrase) => containsSequence(textWords, words(phrase))).length;
}

/** A domain such as "acme.com", "www.nonprofit.org" or a URL with a scheme. */
export function looksLikeWebsite(text: string): boolean {
  return /(https?:\/\/\S+|\b[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[\p{L}]{2,}\b)/u.test(text) && !text.includes('@');
}

/**
 * The spec's time rule with whole words: a colon ("10:30"), a time-of-day word ("Tuesday morning"), or
 * am/pm attached to a number ("3pm", "10 am", "9.30 p.m."). A bare "am" as in "I am free" does not count.
 */
export function mentionsTime(
  text: string,
  timeOfDayWords: readonly string[],
  meridiemWords: readonly string[],
): boolean {
  if (text.includes(':')) return true;
  if (mentionsAny(text, timeOfDayWords)) return true;
  const lower = text.toLowerCase();
  return meridiemWords.some((meridiem) => {
    const escaped = meridiem.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`\\d\\s*${escaped}(?![\\p{L}\\p{N}])`, 'u').test(lower);
  });
}

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

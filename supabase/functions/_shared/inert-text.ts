// Text from outside (a visitor's input, a remote's error) made safe to print in a terminal or an e-mail: C0/C1
// controls (except the line break), DEL, and the bidirectional overrides that could reorder what is shown are
// written as \u{…} instead of acting. Used by notify-leads and by `npm run leads`.

// deno-lint-ignore no-control-regex
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function toInertText(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, (character) => `\\u{${character.codePointAt(0)?.toString(16)}}`);
}

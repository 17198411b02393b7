// The outcomes of a call as operators type and read them (`no-show`) and as the database stores them (`no_show`).
export const OUTCOME_WORDS = { attended: 'attended', 'no-show': 'no_show', moved: 'moved' } as const;
export type OutcomeWord = keyof typeof OUTCOME_WORDS;

export const isOutcomeWord = (word: string): word is OutcomeWord => Object.hasOwn(OUTCOME_WORDS, word);

/** `no_show` → `no-show`. */
export const outcomeWord = (stored: string): string => stored.replace('_', '-');

// Unsent form drafts and the chat conversation hold personal details in sessionStorage. Besides being
// cleared on success, each is stamped when saved and ignored (and removed) after a day, so a browser tab left
// open on a shared computer does not keep someone's details.

export const SAVED_INPUT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The stamp written beside the saved values; a form has no field of this name. */
const SAVED_AT = 'savedAt';

export function withSavedAt<T extends object>(value: T, now = Date.now()): T & { savedAt: number } {
  return { ...value, [SAVED_AT]: now } as T & { savedAt: number };
}

/** Whether `record` was saved less than a day ago; a record without a stamp (an older release's) is not. */
export function isFreshlySaved(record: Record<string, unknown>, now = Date.now()): boolean {
  const savedAt = record[SAVED_AT];
  return typeof savedAt === 'number' && savedAt <= now && now - savedAt < SAVED_INPUT_MAX_AGE_MS;
}

/** The record without its stamp. */
export function withoutSavedAt(record: Record<string, unknown>): Record<string, unknown> {
  const { [SAVED_AT]: _savedAt, ...rest } = record;
  return rest;
}

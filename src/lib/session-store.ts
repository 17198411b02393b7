// What a visitor has typed (form drafts, the chat conversation) kept in sessionStorage for the browser session,
// stamped when saved and dropped after a day (session-expiry.ts). Storage may be missing (server rendering) or
// refuse access (privacy modes, quota): then nothing is kept, and nothing else breaks.
import { isFreshlySaved, withSavedAt, withoutSavedAt } from './session-expiry';

/** sessionStorage, or undefined during server rendering or where the browser refuses access. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The record saved under `key` less than a day ago, without its stamp; a stale or unreadable one is removed. */
export function readSaved(key: string, storage: Storage | undefined): Record<string, unknown> | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && isFreshlySaved(parsed as Record<string, unknown>))
      return withoutSavedAt(parsed as Record<string, unknown>);
    storage?.removeItem(key);
    return undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a full or disabled storage costs only what would have been kept. */
export function writeSaved(key: string, value: object, storage: Storage | undefined): void {
  try {
    storage?.setItem(key, JSON.stringify(withSavedAt(value)));
  } catch {
    // Quota or privacy mode: the visitor goes on without it.
  }
}

export function removeSaved(key: string, storage: Storage | undefined): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove where storage is unavailable.
  }
}

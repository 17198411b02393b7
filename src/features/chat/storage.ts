// Keeps the conversation for the browser session (sessionStorage), so it survives navigation and reloads.
// The key carries the state's version: a release that changes the shape starts a fresh conversation.
// A conversation saved more than a day ago is dropped (it may hold someone's details).
import { isFreshlySaved, withSavedAt, withoutSavedAt } from '../../lib/session-expiry';
import { isChatState, type ChatState } from './state';

export const CHAT_STORAGE_KEY = 'brightlane.chat.v1';

export function loadChatState(storage: Storage | undefined): ChatState | undefined {
  try {
    const raw = storage?.getItem(CHAT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || !isFreshlySaved(parsed as Record<string, unknown>)) {
      storage?.removeItem(CHAT_STORAGE_KEY);
      return undefined;
    }
    const state = withoutSavedAt(parsed as Record<string, unknown>);
    return isChatState(state) ? state : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a full or disabled storage only costs persistence, never the conversation itself. */
export function saveChatState(storage: Storage | undefined, state: ChatState): void {
  try {
    storage?.setItem(CHAT_STORAGE_KEY, JSON.stringify(withSavedAt(state)));
  } catch {
    // Nothing to do: the conversation goes on in memory.
  }
}

// Keeps the conversation for the browser session (sessionStorage), so it survives navigation and reloads.
// The key carries the state's version: a release that changes the shape starts a fresh conversation.
import { isChatState, type ChatState } from './state';

export const CHAT_STORAGE_KEY = 'brightlane.chat.v1';
export const CHAT_OPEN_STORAGE_KEY = 'brightlane.chat.v1.open';

/** sessionStorage, or undefined during server rendering or where the browser refuses access. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadChatState(storage: Storage | undefined): ChatState | undefined {
  try {
    const raw = storage?.getItem(CHAT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isChatState(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a full or disabled storage only costs persistence, never the conversation itself. */
export function saveChatState(storage: Storage | undefined, state: ChatState): void {
  try {
    storage?.setItem(CHAT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Nothing to do: the conversation goes on in memory.
  }
}

export function loadPanelOpen(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(CHAT_OPEN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function savePanelOpen(storage: Storage | undefined, open: boolean): void {
  try {
    if (open) storage?.setItem(CHAT_OPEN_STORAGE_KEY, 'true');
    else storage?.removeItem(CHAT_OPEN_STORAGE_KEY);
  } catch {
    // Nothing to do: the panel simply starts closed next time.
  }
}

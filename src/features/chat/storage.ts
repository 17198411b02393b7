// Keeps the conversation for the browser session, so it survives navigation and reloads. The key carries the
// state's version: a release that changes the shape starts a fresh conversation.
import { readSaved, writeSaved } from '../../lib/session-store';
import { isChatState, type ChatState } from './state';

export const CHAT_STORAGE_KEY = 'brightlane.chat.v1';

export function loadChatState(storage: Storage | undefined): ChatState | undefined {
  const state = readSaved(CHAT_STORAGE_KEY, storage);
  return isChatState(state) ? state : undefined;
}

export function saveChatState(storage: Storage | undefined, state: ChatState): void {
  writeSaved(CHAT_STORAGE_KEY, state, storage);
}

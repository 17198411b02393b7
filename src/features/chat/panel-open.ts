// Whether the visitor left the chat panel open, so it reopens after a reload. Kept apart from the
// conversation's storage so the launcher (first-load JavaScript) does not carry the state validator.
export const CHAT_OPEN_STORAGE_KEY = 'brightlane.chat.v1.open';

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

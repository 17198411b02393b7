// The browser's sessionStorage, where the chat keeps its state for the browser session.

/** sessionStorage, or undefined during server rendering or where the browser refuses access. */
export function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

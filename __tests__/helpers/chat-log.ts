// The chat's conversation log as a visitor reads it, for the jsdom tests of the rendered widget.

/** The text of every message in `log`, without the hidden speaker name or link labels. */
export function bubbleTextsOf(log: HTMLElement): string[] {
  return Array.from(log.children).map((bubble) =>
    Array.from(bubble.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(''),
  );
}

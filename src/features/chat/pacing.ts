// How long the typing indicator shows before each bot reply: 800 ms plus a random extra of up to 400 ms.
export type ReplyPacing = {
  baseMs: number;
  extraMs: number;
  /** A number in [0, 1), as Math.random gives. */
  random: () => number;
};

export const DEFAULT_PACING: ReplyPacing = { baseMs: 800, extraMs: 400, random: () => Math.random() };

export function typingDelay(pacing: ReplyPacing): number {
  return Math.round(pacing.baseMs + pacing.random() * pacing.extraMs);
}

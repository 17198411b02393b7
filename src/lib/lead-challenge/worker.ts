// The Web Worker that solves a lead challenge off the main thread, so the page stays responsive while a
// visitor's device does the work. Built into static/lead-challenge-worker.js (scripts/build-challenge-worker.ts),
// which the site serves from its own origin: the page's Content-Security-Policy allows it through script-src
// 'self' (worker-src falls back to it). Asked { challenge, salt, maxnumber }, it answers { number, took }:
// the number (null when there is none) and how long the search took in ms.
import { solveChallenge } from './solve';

export type SolveRequest = { challenge: string; salt: string; maxnumber: number };
export type SolveAnswer = { number: number | null; took: number };

// The worker's global scope, typed by hand: the project's TypeScript program has the DOM's types, not the
// worker's.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolveRequest>) => void) | null;
  postMessage(answer: SolveAnswer): void;
};

scope.onmessage = (event) => {
  const started = Date.now();
  const { challenge, salt, maxnumber } = event.data;
  scope.postMessage({ number: solveChallenge(challenge, salt, maxnumber), took: Date.now() - started });
};

// Writes static/lead-challenge-worker.js from src/lib/lead-challenge/worker.ts (see src/build/challenge-worker.ts).
import { writeChallengeWorker } from '../src/build/challenge-worker';

writeChallengeWorker().then(
  ({ file, bytes }) => console.log(`Wrote ${file} (${bytes} bytes).`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

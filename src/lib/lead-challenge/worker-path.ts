/** Where the page loads the challenge's Web Worker from: static/lead-challenge-worker.js, served at the site's root. */
export const CHALLENGE_WORKER_PATH = '/lead-challenge-worker.js';

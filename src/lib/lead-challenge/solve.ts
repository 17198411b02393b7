// Solves a proof-of-work challenge in ALTCHA's format (altcha-org/altcha-lib, v1): find the number n, 0 ≤ n ≤
// maxnumber, whose SHA-256 of `salt + n` (n in decimal) is `challenge` (hex). The server picked n at random and
// signed the challenge; the visitor's browser pays for it by trying every number from 0. Runs in a Web Worker
// (./worker.ts, built into static/lead-challenge-worker.js) and in the tests.
//
// A plain SHA-256 rather than crypto.subtle: subtle.digest is asynchronous, and a promise per number costs more
// than the hash itself. The salt's whole 64-byte blocks are hashed once; each number then costs one or two
// compressions (one while salt and number fit in 55 bytes).

/** What the server issues (public.lead_challenge): ALTCHA's challenge object. */
export type LeadChallenge = {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
};

/** What the lead carries, base64 of this JSON: ALTCHA's payload. */
export type LeadChallengePayload = {
  algorithm: 'SHA-256';
  challenge: string;
  number: number;
  salt: string;
  signature: string;
};

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** One SHA-256 compression of the 64 bytes of `block` at `offset` into `state` (8 words), in place. */
function compress(state: Int32Array, block: Uint8Array, offset: number, w: Int32Array): void {
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (block[j] << 24) | (block[j + 1] << 16) | (block[j + 2] << 8) | block[j + 3];
  }
  for (let i = 16; i < 64; i++) {
    const a = w[i - 15];
    const b = w[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
  state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0;
  state[7] = (state[7] + h) | 0;
}

/** The 8 big-endian words of a 64-character hex digest, or undefined for anything else. */
function digestWords(hex: string): Int32Array | undefined {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return undefined;
  const words = new Int32Array(8);
  for (let i = 0; i < 8; i++) words[i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16) | 0;
  return words;
}

/** The bytes of an ASCII string (a salt is hex, digits and URL-style parameters); undefined for anything else. */
function asciiBytes(text: string): Uint8Array | undefined {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7e) return undefined;
    bytes[i] = code;
  }
  return bytes;
}

/**
 * The number n in [start, maxnumber] with SHA-256(salt + n) = challenge, or null when there is none (a challenge
 * that is not SHA-256 hex, or one tampered with).
 */
export function solveChallenge(challenge: string, salt: string, maxnumber: number, start = 0): number | null {
  const target = digestWords(challenge);
  const saltBytes = asciiBytes(salt);
  if (!target || !saltBytes || !Number.isSafeInteger(maxnumber) || maxnumber < 0) return null;
  const w = new Int32Array(64);
  const midstate = Int32Array.from(INITIAL_STATE);
  const fixedBlocks = Math.floor(saltBytes.length / 64);
  for (let block = 0; block < fixedBlocks; block++) compress(midstate, saltBytes, block * 64, w);
  const tail = saltBytes.length - fixedBlocks * 64;
  const buffer = new Uint8Array(128);
  buffer.set(saltBytes.subarray(fixedBlocks * 64));
  const state = new Int32Array(8);
  for (let n = Math.max(0, start); n <= maxnumber; n++) {
    const digits = String(n);
    let length = tail;
    for (let i = 0; i < digits.length; i++) buffer[length++] = digits.charCodeAt(i);
    const blocks = length + 9 <= 64 ? 1 : 2;
    const end = blocks * 64;
    buffer[length] = 0x80;
    buffer.fill(0, length + 1, end - 4);
    const bits = (saltBytes.length + digits.length) * 8;
    buffer[end - 4] = bits >>> 24;
    buffer[end - 3] = (bits >>> 16) & 0xff;
    buffer[end - 2] = (bits >>> 8) & 0xff;
    buffer[end - 1] = bits & 0xff;
    state.set(midstate);
    compress(state, buffer, 0, w);
    if (blocks === 2) compress(state, buffer, 64, w);
    if (
      state[0] === target[0] &&
      state[1] === target[1] &&
      state[2] === target[2] &&
      state[3] === target[3] &&
      state[4] === target[4] &&
      state[5] === target[5] &&
      state[6] === target[6] &&
      state[7] === target[7]
    )
      return n;
  }
  return null;
}

/** The solved challenge as the lead carries it: base64 of ALTCHA's payload JSON. */
export function encodePayload(challenge: LeadChallenge, number: number): string {
  const payload: LeadChallengePayload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  // The payload is ASCII (hex, digits and the salt's parameters: solveChallenge takes no other salt), so btoa
  // needs no UTF-8 step.
  return btoa(JSON.stringify(payload));
}

/** When the challenge stops being accepted (its salt's `expires`, seconds since 1970), in ms; undefined if none. */
export function challengeExpiry(salt: string): number | undefined {
  const match = /[?&]expires=(\d{1,12})(?:&|$)/.exec(salt);
  return match ? Number(match[1]) * 1000 : undefined;
}

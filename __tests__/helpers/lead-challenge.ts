// The lead challenge (supabase/migrations/20261128100000_lead_challenge.sql) made independently of the site's
// solver and of the database, with node:crypto, exactly as ALTCHA's createChallenge makes one (altcha-lib v1):
// salt = <random hex>?expires=<unix seconds>&max=<maxnumber>&, challenge = SHA-256 hex of salt + number,
// signature = HMAC-SHA-256 hex of the challenge keyed with the secret. With the database's secret this is a
// challenge the guard accepts; the test clients attach one to every lead they send (./local-api.ts), as the site
// does, unless a test sends its own.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export type MintedChallenge = {
  challenge: { algorithm: 'SHA-256'; challenge: string; maxnumber: number; salt: string; signature: string };
  number: number;
  /** What a lead carries: base64 of ALTCHA's payload JSON. */
  payload: string;
};

export type MintOptions = {
  maxNumber?: number;
  /** The answer; random in [0, maxNumber] by default. */
  number?: number;
  /** Seconds from now; negative for an expired challenge. */
  expiresIn?: number;
  /** The salt's parameters exactly (instead of expires and max). */
  params?: string;
};

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
export const hmacHex = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('hex');

export function encodeChallengePayload(fields: {
  algorithm?: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}): string {
  const { algorithm = 'SHA-256', challenge, number, salt, signature } = fields;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
}

export function mintChallenge(secret: string, options: MintOptions = {}): MintedChallenge {
  const maxNumber = options.maxNumber ?? 100_000;
  const expires = Math.floor(Date.now() / 1000) + (options.expiresIn ?? 600);
  const salt = `${randomBytes(12).toString('hex')}${options.params ?? `?expires=${expires}&max=${maxNumber}&`}`;
  const number = options.number ?? Math.floor(Math.random() * (maxNumber + 1));
  const challenge = sha256Hex(salt + number);
  const signature = hmacHex(challenge, secret);
  return {
    challenge: { algorithm: 'SHA-256', challenge, maxnumber: maxNumber, salt, signature },
    number,
    payload: encodeChallengePayload({ challenge, number, salt, signature }),
  };
}

/** The database's secret, read as its owner (tests only: no API role can read it). */
export async function readChallengeSecret(
  sql: <Row>(text: string, params?: unknown[]) => Promise<Row[]>,
): Promise<string> {
  const [row] = await sql<{ secret: string }>('select secret from private.lead_challenge_secret');
  if (!row) throw new Error('No lead challenge secret: is 20261128100000_lead_challenge.sql applied?');
  return row.secret;
}

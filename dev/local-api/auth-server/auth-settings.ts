import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

// The local Auth server's settings, read from supabase/config.toml, the file `supabase config push` gives a hosted
// project, so the code's length, its expiry, the e-mail frequency and the session's lifetime are the same locally
// as there. What the file leaves out takes Supabase Auth's default for a project.
export type AuthSettings = {
  /** Seconds an access token is valid ([auth] jwt_expiry). */
  jwtExpirySeconds: number;
  /** Digits of a sign-in code ([auth.email] otp_length). */
  otpLength: number;
  /** Seconds a sign-in code is valid ([auth.email] otp_expiry). */
  otpExpirySeconds: number;
  /** Seconds before the same address may be sent another e-mail ([auth.email] max_frequency). */
  maxFrequencySeconds: number;
};

export const SUPABASE_CONFIG = path.resolve(__dirname, '..', '..', '..', 'supabase', 'config.toml');

export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  jwtExpirySeconds: 3600,
  otpLength: 6,
  otpExpirySeconds: 3600,
  maxFrequencySeconds: 60,
};

const GO_DURATION_UNITS: Record<string, number> = { h: 3600, m: 60, s: 1 };

/** Seconds in a Go duration such as "1m0s" or "60s", as the Supabase CLI writes them. */
export function durationSeconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)([hms])/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) {
    throw new Error(`Not a duration: "${duration}" (write it as 1m0s or 60s)`);
  }
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * GO_DURATION_UNITS[unit], 0);
}

type Table = Record<string, unknown>;
const table = (value: unknown): Table => (value && typeof value === 'object' ? (value as Table) : {});
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

export function readAuthSettings(configFile = SUPABASE_CONFIG): AuthSettings {
  const auth = table(parse(readFileSync(configFile, 'utf8')).auth);
  const email = table(auth.email);
  return {
    jwtExpirySeconds: numberOr(auth.jwt_expiry, DEFAULT_AUTH_SETTINGS.jwtExpirySeconds),
    otpLength: numberOr(email.otp_length, DEFAULT_AUTH_SETTINGS.otpLength),
    otpExpirySeconds: numberOr(email.otp_expiry, DEFAULT_AUTH_SETTINGS.otpExpirySeconds),
    maxFrequencySeconds:
      typeof email.max_frequency === 'string'
        ? durationSeconds(email.max_frequency)
        : DEFAULT_AUTH_SETTINGS.maxFrequencySeconds,
  };
}

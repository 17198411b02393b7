import type { IncomingHttpHeaders } from 'node:http';
import type { TokenIssuer } from './access-token';
import type { AuthSettings } from './auth-settings';
import type { RequestClaims } from './request-claims';
import type { SignInMailer } from './sign-in-mail';
import type { AuthDatabase } from './user-store';

// What every route of the local Auth server is given: the server's parts, and the request it answers.
export type AuthContext = {
  db: AuthDatabase;
  settings: AuthSettings;
  mailer: SignInMailer;
  claims: RequestClaims;
  /** Signs access tokens; `issuer` is the Auth server's own URL, as the request reached it. */
  tokenIssuer(issuer: string): TokenIssuer;
};

export type AuthRequest = {
  method: string;
  /** The path below /auth/v1, e.g. `/otp`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The Auth server's URL, e.g. http://127.0.0.1:54321/auth/v1: the tokens' issuer. */
  issuer: string;
  /** The JSON body, an object ({} when empty). */
  body(): Promise<Record<string, unknown>>;
};

export type AuthAnswer = { status: number; json?: unknown; headers?: Record<string, string> };

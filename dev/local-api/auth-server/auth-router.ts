import type { IncomingMessage } from 'node:http';
import type { ApiRole } from '../api-roles';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers } from './admin-routes';
import type { AuthAnswer, AuthContext, AuthRequest } from './auth-context';
import { API_VERSION_HEADER, AuthError, authError, authErrorResponse, unexpectedFailure } from './auth-error';
import { readAuthSettings, type AuthSettings } from './auth-settings';
import { sendCode, verifyCode } from './otp-routes';
import { createRequestClaims } from './request-claims';
import { currentUser, refreshSession, signOut } from './session-routes';
import type { SignInMailer } from './sign-in-mail';
import type { AuthDatabase } from './user-store';

// The local stand-in for Supabase Auth (GoTrue) under /auth/v1: the subset supabase-js uses to sign a team member
// in with an e-mailed code (signInWithOtp, verifyOtp, getUser, the session's refresh, signOut) and the admin
// routes an operator's tool needs (create, list, get and delete users, with a secret key). docs/insights.md.
export const AUTH_PATH_PREFIX = '/auth/v1';
const MAX_BODY_BYTES = 64 * 1024;

export type AuthServerOptions = {
  db: AuthDatabase;
  mailer: SignInMailer;
  jwtSecret: string;
  /** The opaque API keys the gateway accepts, and the role each stands for. */
  apiKeyRoles: Record<string, ApiRole>;
  settings?: AuthSettings;
  logError?: (message: string, error: unknown) => void;
};

export type AuthResponse = { status: number; headers: Record<string, string>; body?: string };

type Route = (context: AuthContext, request: AuthRequest, id: string) => Promise<AuthAnswer>;

const ROUTES: Record<string, Route> = {
  'POST /otp': sendCode,
  'POST /verify': verifyCode,
  'POST /token': refreshSession,
  'GET /user': currentUser,
  'POST /logout': signOut,
  'POST /admin/users': adminCreateUser,
  'GET /admin/users': adminListUsers,
  'GET /admin/users/:id': adminGetUser,
  'DELETE /admin/users/:id': adminDeleteUser,
};

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function routeFor(method: string, path: string): { route: Route | undefined; id: string } {
  const user = /^\/admin\/users\/([^/]+)\/?$/.exec(path);
  const key = user ? `${method} /admin/users/:id` : `${method} ${path.replace(/(.)\/$/, '$1')}`;
  return { route: ROUTES[key], id: user ? decoded(user[1]) : '' };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_BODY_BYTES) throw authError(413, 'request_too_large', 'Request body too large');
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw authError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON: not an object');
  }
  return body as Record<string, unknown>;
}

export function createAuthServer(options: AuthServerOptions) {
  const context: AuthContext = {
    db: options.db,
    settings: options.settings ?? readAuthSettings(),
    mailer: options.mailer,
    claims: createRequestClaims(options.jwtSecret, options.apiKeyRoles),
    tokenIssuer: (issuer) => ({
      secret: options.jwtSecret,
      issuer,
      expirySeconds: context.settings.jwtExpirySeconds,
    }),
  };
  const logError = options.logError ?? ((message, error) => console.error(message, error));

  /** Answers a request whose path starts with /auth/v1. */
  return async function handleAuthRequest(request: IncomingMessage, url: URL): Promise<AuthResponse> {
    const method = request.method ?? 'GET';
    const path = url.pathname.slice(AUTH_PATH_PREFIX.length) || '/';
    const version = request.headers[API_VERSION_HEADER];
    try {
      const { route, id } = routeFor(method, path);
      if (!route)
        throw authError(404, 'not_found', `The local Auth server has no ${method} ${path} (docs/insights.md)`);
      const answer = await route(
        context,
        {
          method,
          path,
          query: url.searchParams,
          headers: request.headers,
          issuer: `http://${request.headers.host ?? 'localhost'}${AUTH_PATH_PREFIX}`,
          body: () => readBody(request),
        },
        id,
      );
      const headers = {
        ...answer.headers,
        ...(answer.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      };
      return {
        status: answer.status,
        headers,
        body: answer.json === undefined ? undefined : JSON.stringify(answer.json),
      };
    } catch (error) {
      if (!(error instanceof AuthError)) logError(`local Auth server: ${method} ${url.pathname} failed`, error);
      return authErrorResponse(error instanceof AuthError ? error : unexpectedFailure(), String(version ?? ''));
    }
  };
}

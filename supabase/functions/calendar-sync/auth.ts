// The Authorization header of a host's CalDAV requests: Basic from a username and app password, or an OAuth 2.0
// Bearer token (oauth.ts, cached by token-cache.ts). A calendar that refuses a cached token (HTTP 401: revoked
// or expired early) is asked once more with a fresh one.
import { getBasicAuthHeaders } from 'npm:tsdav@2.3.4';
import { CalendarError } from './calendars.ts';
import { credentialsFor, type Accounts, type OAuthCredentials } from './credentials.ts';
import { refreshAccessToken, type TokenSettings } from './oauth.ts';
import type { TokenCache } from './token-cache.ts';

export type AuthHeaders = Record<string, string>;
export type AuthSettings = TokenSettings & { accounts: Accounts; tokens: TokenCache };
/** Runs `send` with the account's headers (more than once only for a refused cached token). */
export type Authorized = <T>(key: string, send: (headers: AuthHeaders) => Promise<T>) => Promise<T>;

// The cache is per account as configured: a changed secret (a new refresh token) never gets an old token.
const cacheId = (key: string, oauth: OAuthCredentials) =>
  JSON.stringify([key, oauth.tokenUrl, oauth.clientId, oauth.refreshToken]);

const refusedToken = (error: unknown) => error instanceof CalendarError && error.status === 401;

export function authorizer(settings: AuthSettings): Authorized {
  return async (key, send) => {
    const credentials = credentialsFor(settings.accounts, key);
    if (credentials.kind === 'basic') return send(getBasicAuthHeaders(credentials));
    const id = cacheId(key, credentials);
    const token = () => settings.tokens.get(id, () => refreshAccessToken(key, credentials, settings));
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
    const first = await token();
    try {
      return await send(bearer(first.value));
    } catch (error) {
      if (!first.cached || !refusedToken(error)) throw error;
      settings.tokens.drop(id, first.value);
      return send(bearer((await token()).value));
    }
  };
}

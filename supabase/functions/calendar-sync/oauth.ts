// An OAuth 2.0 access token from the account's refresh token (RFC 6749 §6: a form-encoded POST with
// grant_type=refresh_token, the client's id and secret in the body as Google documents it). The tokens and the
// client secret never appear in an error: only the account's key, the token endpoint and its error code.
import type { Fetch } from '../_shared/rpc.ts';
import { CalendarError } from './calendars.ts';
import type { OAuthCredentials } from './credentials.ts';

export type AccessToken = { value: string; expiresAt: number };
export type TokenSettings = { fetch: Fetch; timeoutMs: number; now?: () => number };

// Renewed this long before the endpoint's expires_in, so a token never expires on its way to the calendar.
const EXPIRY_MARGIN_SECONDS = 60;
// expires_in is only RECOMMENDED (RFC 6749 §5.1); without it, assume a short life rather than reuse a dead token.
const ASSUMED_LIFETIME_SECONDS = 300;

const reconnect = (key: string) =>
  `calendar account "${key}": the OAuth refresh token was refused (invalid_grant): the host revoked access or ` +
  `the token expired. Reconnect this host: get a new refresh token (docs/calendars.md) and update ` +
  `CALDAV_ACCOUNTS.${key}`;

/** The error code of a refusal (RFC 6749 §5.2), only when it is a plain code: descriptions are not repeated. */
async function errorCode(response: Response): Promise<string | undefined> {
  try {
    const { error } = JSON.parse(await response.text()) as { error?: unknown };
    return typeof error === 'string' && /^[a-z_]{1,64}$/.test(error) ? error : undefined;
  } catch {
    return undefined;
  }
}

function refusal(key: string, tokenUrl: string, status: number, code: string | undefined): CalendarError {
  if (code === 'invalid_grant') return new CalendarError(reconnect(key), false);
  const what = `calendar account "${key}": the token endpoint ${tokenUrl} answered HTTP ${status}${code ? ` (${code})` : ''}`;
  // 401 invalid_client: the client id or secret, which the team can correct in the secret; 400s besides
  // invalid_grant are a request that cannot succeed; the endpoint's own trouble (429, 5xx) passes.
  if (status === 401) return new CalendarError(`${what}: check its clientId and clientSecret`, true);
  return new CalendarError(what, status !== 400);
}

export async function refreshAccessToken(
  key: string,
  oauth: OAuthCredentials,
  settings: TokenSettings,
): Promise<AccessToken> {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: oauth.refreshToken,
    client_id: oauth.clientId,
    client_secret: oauth.clientSecret,
  });
  let response: Response;
  try {
    response = await settings.fetch(oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const why = timedOut ? `timed out after ${settings.timeoutMs} ms` : `failed (${(error as Error)?.name ?? 'error'})`;
    throw new CalendarError(`calendar account "${key}": the token endpoint ${oauth.tokenUrl} ${why}`, true);
  }
  if (!response.ok) throw refusal(key, oauth.tokenUrl, response.status, await errorCode(response));
  let token: { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
  try {
    token = await response.json();
  } catch {
    token = {};
  }
  const bearer = typeof token.token_type !== 'string' || token.token_type.toLowerCase() === 'bearer';
  if (typeof token.access_token !== 'string' || !token.access_token || !bearer) {
    throw new CalendarError(`calendar account "${key}": the token endpoint gave no bearer access token`, true);
  }
  const lifetime =
    typeof token.expires_in === 'number' && token.expires_in > 0 ? token.expires_in : ASSUMED_LIFETIME_SECONDS;
  const now = (settings.now ?? Date.now)();
  return { value: token.access_token, expiresAt: now + Math.max(0, lifetime - EXPIRY_MARGIN_SECONDS) * 1000 };
}

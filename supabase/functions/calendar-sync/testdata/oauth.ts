// An OAuth account and its token endpoint, stubbed at the fetch level: each POST answers with the next of
// `answers` (a token "access-<n>" by default) and is recorded by the router.
import type { Handler } from './stubs.ts';

export const TOKEN_URL = 'https://oauth.test/token';
export const OAUTH = {
  tokenUrl: TOKEN_URL,
  clientId: 'client-id.apps.test',
  clientSecret: 'client-secret-value',
  refreshToken: 'refresh-token-value',
};
/** Every secret an error text or a log must never contain (the access tokens are "access-<n>"). */
export const SECRETS = /client-secret-value|refresh-token-value|access-\d/;

export const tokenAnswer = (n: number, expiresIn = 3600) =>
  Response.json({ access_token: `access-${n}`, token_type: 'Bearer', expires_in: expiresIn, scope: 'x' });

export function tokenEndpoint(answers: ((n: number) => Response | Promise<Response>)[] = []): Handler {
  let n = 0;
  return () => {
    n += 1;
    return (answers[n - 1] ?? tokenAnswer)(n);
  };
}

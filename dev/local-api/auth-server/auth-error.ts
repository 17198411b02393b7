// Errors in Supabase Auth's (GoTrue's) JSON shapes, so supabase-js reports the same `error` locally as against a
// hosted project (supabase/auth internal/api/errors.go, HandleResponseError). A client that sends
// `X-Supabase-Api-Version: 2024-01-01` (supabase-js does) gets `{ code: "<error code>", message }` and the version
// echoed in a header; an older client gets `{ code: <HTTP status>, error_code, msg }`. Both carry the error code
// in the `x-sb-error-code` header.
export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** Refused by the API gateway before Supabase Auth: answered in the gateway's shape, with this hint. */
    readonly gatewayHint?: string,
  ) {
    super(message);
  }
}

export const authError = (status: number, errorCode: string, message: string) =>
  new AuthError(status, errorCode, message);

/** A key the gateway refuses, as a hosted project's gateway answers it: 401 `{ message, hint }`. */
export const gatewayError = (message: string, hint: string) => new AuthError(401, '', message, hint);

/** The kind of error GoTrue answers for an unexpected failure. */
export const unexpectedFailure = () =>
  authError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');

export type AuthErrorResponse = { status: number; headers: Record<string, string>; body: string };

export function authErrorResponse(error: AuthError, requestedVersion: string | undefined): AuthErrorResponse {
  if (error.gatewayHint !== undefined) {
    const body = JSON.stringify({ message: error.message, hint: error.gatewayHint });
    return { status: error.status, headers: { 'Content-Type': 'application/json' }, body };
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'x-sb-error-code': error.errorCode,
  };
  if (requestedVersion && /^\d{4}-\d{2}-\d{2}$/.test(requestedVersion) && requestedVersion >= API_VERSION_2024) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    return { status: error.status, headers, body: JSON.stringify({ code: error.errorCode, message: error.message }) };
  }
  const body = { code: error.status, error_code: error.errorCode, msg: error.message };
  return { status: error.status, headers, body: JSON.stringify(body) };
}

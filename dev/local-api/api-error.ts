import type { ApiRole } from './api-roles';

// Errors in PostgREST's JSON shape and with PostgREST's HTTP statuses, so supabase-js callers see the same
// `error` locally as against a hosted project.
export type PostgrestErrorBody = { code: string; message: string; details: string | null; hint: string | null };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PostgrestErrorBody,
  ) {
    super(body.message);
  }
}

export function apiError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) {
  return new ApiError(status, { code, message, details, hint });
}

type DatabaseErrorLike = { code: string; message: string; detail?: string; hint?: string };

export function isDatabaseError(error: unknown): error is DatabaseErrorLike {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { severity?: unknown }).severity === 'string'
  );
}

/** PostgREST's table of SQLSTATE → HTTP status (docs.postgrest.org, "Errors"), for the codes that matter here. */
export function httpStatusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '53400': 500,
    P0001: 400,
  };
  if (code in exact) return exact[code];
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

export function fromDatabaseError(error: DatabaseErrorLike, role: ApiRole): ApiError {
  return apiError(
    httpStatusForSqlState(error.code, role),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  );
}

export const internalError = () =>
  apiError(500, 'XX000', 'Internal error in the local data API', null, 'See the output of `npm run backend`.');

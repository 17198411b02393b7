import type { ServerResponse } from 'node:http';

// The site (http://localhost:8000) calls the API from the browser, so every response carries CORS headers
// and preflight requests are answered for the headers supabase-js sends.
const ALLOWED_HEADERS = [
  'accept',
  'accept-profile',
  'apikey',
  'authorization',
  // Only tests send it (the API ignores it unless told to trust it); hosted, the gateway sets it.
  'cf-connecting-ip',
  'content-profile',
  'content-type',
  'prefer',
  'range',
  'range-unit',
  'x-client-info',
  'x-retry-count',
  'x-supabase-api-version',
];

export function setCorsHeaders(response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  // The last three as Supabase Auth exposes them (/auth/v1): supabase-js reads its errors' shape from the version.
  response.setHeader(
    'Access-Control-Expose-Headers',
    'Content-Range, Content-Location, Preference-Applied, X-Total-Count, Link, X-Supabase-Api-Version',
  );
}

export function answerPreflight(response: ServerResponse): void {
  setCorsHeaders(response);
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
  response.setHeader('Access-Control-Max-Age', '86400');
  response.writeHead(204).end();
}

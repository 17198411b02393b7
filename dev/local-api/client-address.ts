import type { IncomingMessage } from 'node:http';

// The request headers PostgREST exposes to SQL as `request.headers`, with the client address where
// Supabase's gateway puts it: cf-connecting-ip, set by the edge from the connection and never taken from
// the client. Here it is the socket's address, unless a test asks to trust the header it sends.
export const CLIENT_ADDRESS_HEADER = 'cf-connecting-ip';

export function clientAddressHeaders(
  request: IncomingMessage,
  trustClientAddressHeader: boolean,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const sent = headers[CLIENT_ADDRESS_HEADER];
  headers[CLIENT_ADDRESS_HEADER] =
    trustClientAddressHeader && sent ? sent : (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return headers;
}

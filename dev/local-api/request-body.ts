import type { IncomingMessage } from 'node:http';
import { apiError } from './api-error';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads and parses a JSON request body. An oversized body is read to its end but not kept, so the client
 * receives the 413 instead of a reset connection.
 */
export async function readJsonBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes) {
    throw apiError(413, 'PGRST413', `Request body is larger than the local data API's ${maxBytes} byte limit`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw apiError(400, 'PGRST102', 'Empty or invalid json');
  }
}

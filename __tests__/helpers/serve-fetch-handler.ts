// A Deno-style `(Request) => Promise<Response>` handler (the CRM fakes in supabase/functions/crm-sync/testdata/)
// served over HTTP on a free port of 127.0.0.1, so a function running under Deno elsewhere can reach it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ServedHandler = { url: string; close(): Promise<void> };

export async function serveFetchHandler(handler: (request: Request) => Promise<Response>): Promise<ServedHandler> {
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await handler(
      new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers,
        body: body.length > 0 ? body : undefined,
      }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer } from 'node:net';

/** Whether nothing listens on `port` at 127.0.0.1: a probe server can bind it. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// Every page's HTML as one document in reading order (gatsby-ssr's replaceRenderer; otherwise Gatsby renders as
// here with React's defaults). React's streaming renderer "outlines" a finished Suspense boundary once the
// boundaries written before it add up to more than `progressiveChunkSize` bytes (12,800 by default): it writes an
// empty placeholder, the content in a hidden <div> at the end of the body and an inline script that moves it into
// place. A landing page's blocks each hydrate in a Suspense boundary of their own (src/components/landing), so
// from its FAQ on they came out that way: invisible without JavaScript, moved by script after the first paint.
// A static page is rendered whole before it is written, so nothing is gained by outlining; it is turned off.
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

export function renderBody(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    const { pipe } = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink),
      onError: (error) => {
        sink.destroy(error as Error);
        reject(error);
      },
    });
  });
}

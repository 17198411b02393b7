/** @jest-environment node */
// Pages are rendered whole and in reading order (gatsby-ssr's replaceRenderer): a landing page's many lazily
// hydrated blocks, each in its own Suspense boundary, stay where they are in the HTML, readable without
// JavaScript, with no inline script to move them (React's default outlines them past 12,800 bytes).
import { lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { renderBody } from '../../src/build/render-body';

const paragraph = (index: number) => `Block ${index}: ${'words '.repeat(400)}`;

/** Twelve lazily loaded blocks of ~2.4 KB each, every one in its own boundary. */
function page() {
  const blocks = Array.from({ length: 12 }, (_, index) => {
    const Block = lazy(async () => ({ default: () => <p>{paragraph(index)}</p> }));
    return (
      <Suspense key={index} fallback={null}>
        <Block />
      </Suspense>
    );
  });
  return <main>{blocks}</main>;
}

/** React's own defaults, as Gatsby renders when no plugin replaces the renderer. */
function renderWithDefaults(): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(html));
    const { pipe } = renderToPipeableStream(page(), { onAllReady: () => pipe(sink), onError: reject });
  });
}

test("React's defaults would move the later blocks out of place (what this renderer is for)", async () => {
  const html = await renderWithDefaults();
  expect(html).toContain('<template id="B:');
  expect(html).toMatch(/<script>.*\$RC\(/s);
});

test('renders every block in place, in order, with no template, hidden copy or script', async () => {
  const html = await renderBody(page());
  expect(html).not.toContain('<template');
  expect(html).not.toContain('<script');
  expect(html).not.toContain('hidden');
  const positions = Array.from({ length: 12 }, (_, index) => html.indexOf(`Block ${index}:`));
  expect(positions.every((position) => position > 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(html.startsWith('<main>') && html.endsWith('</main>')).toBe(true);
});

test('keeps text in any script whole (multi-byte characters split across chunks)', async () => {
  const text = 'Café ✓ 👋 '.repeat(5000);
  expect(await renderBody(<p>{text}</p>)).toBe(`<p>${text}</p>`);
});

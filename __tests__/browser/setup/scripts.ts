// Which JavaScript a page has loaded, recognised by what the code contains rather than by chunk names
// (webpack's numeric ids and hashes change from build to build).
import type { Page, Response } from 'playwright-core';

/** Strings that survive minification and identify a piece of code in the production build. */
export const CODE_MARKERS = {
  /** @supabase/supabase-js and its sub-packages (auth-js, postgrest-js…) name themselves in their code. */
  supabase: /@supabase\/|supabase-js/,
  /** The chat panel's styles: its opening animation's keyframes name. */
  chatPanel: /chat-panel-in/,
} as const;

export type CodeName = keyof typeof CODE_MARKERS;

export type ScriptWatch = {
  /** URLs of every JavaScript file received so far, in order. */
  urls: string[];
  /** Whether a script containing this code has been received (after every pending body has been read). */
  loaded(name: CodeName): Promise<boolean>;
  /** Resolves when a script containing this code arrives (or has already arrived). */
  waitFor(name: CodeName, timeoutMs?: number): Promise<string>;
};

/** Starts recording the scripts a page receives; call before the first navigation. */
export function watchScripts(page: Page): ScriptWatch {
  const urls: string[] = [];
  const found = new Map<CodeName, string>();
  const waiters: { name: CodeName; resolve: (url: string) => void }[] = [];
  const pending = new Set<Promise<void>>();

  const inspect = async (response: Response) => {
    const url = response.url();
    if (!new URL(url).pathname.endsWith('.js')) return;
    urls.push(url);
    let body: string;
    try {
      body = await response.text();
    } catch {
      return; // The page navigated away before the body was read.
    }
    for (const name of Object.keys(CODE_MARKERS) as CodeName[]) {
      if (found.has(name) || !CODE_MARKERS[name].test(body)) continue;
      found.set(name, url);
      for (const waiter of waiters.filter((w) => w.name === name)) waiter.resolve(url);
    }
  };

  page.on('response', (response) => {
    const job = inspect(response).finally(() => pending.delete(job));
    pending.add(job);
  });

  const settle = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };

  return {
    urls,
    async loaded(name) {
      await settle();
      return found.has(name);
    },
    waitFor(name, timeoutMs = 10_000) {
      const url = found.get(name);
      if (url) return Promise.resolve(url);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no script containing ${name} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          name,
          resolve: (loadedUrl) => {
            clearTimeout(timer);
            resolve(loadedUrl);
          },
        });
      });
    },
  };
}

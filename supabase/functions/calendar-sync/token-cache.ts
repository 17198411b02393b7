// Access tokens kept in memory only, per account, until shortly before they expire (oauth.ts sets expiresAt).
// Callers at the same time share one refresh. A refresh token refused for good (invalid_grant) is remembered as
// refused, so no host or write sends it again: reconnecting gives a new refresh token and so a new entry.
import { CalendarError } from './calendars.ts';
import type { AccessToken } from './oauth.ts';

type Entry = { promise: Promise<AccessToken>; token?: AccessToken };

export class TokenCache {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The token for `id`: the cached one while valid (`cached`), else a new one from `refresh`. */
  async get(id: string, refresh: () => Promise<AccessToken>): Promise<{ value: string; cached: boolean }> {
    const entry = this.#entries.get(id);
    if (entry && (!entry.token || entry.token.expiresAt > this.now())) {
      return { value: (await entry.promise).value, cached: true };
    }
    const fresh: Entry = { promise: refresh() };
    this.#entries.set(id, fresh);
    fresh.promise.then(
      (token) => (fresh.token = token),
      (error) => {
        const refused = error instanceof CalendarError && !error.retryable;
        if (!refused && this.#entries.get(id) === fresh) this.#entries.delete(id);
      },
    );
    return { value: (await fresh.promise).value, cached: false };
  }

  /** Forgets `token` (the calendar refused it), unless it has been replaced already. */
  drop(id: string, token: string): void {
    if (this.#entries.get(id)?.token?.value === token) this.#entries.delete(id);
  }
}

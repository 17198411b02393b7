// One request to a CRM or the webhook receiver, and what its failure means for the change: try again later
// (5xx, 408, a timeout or a dropped connection; 429 after its Retry-After), or stop until a person fixes it
// (the target's own wording of 400/401/403/404), or turn the target off (410 from the webhook).
export type Fetch = typeof fetch;
export type Action = 'retry' | 'pause' | 'off';

export class CrmError extends Error {
  constructor(
    message: string,
    readonly action: Action,
    readonly retryAfterSeconds?: number,
    /** The answer's HTTP status, when there was one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export type HttpDeps = { fetch: Fetch; timeoutMs: number; now?: () => Date };

/** How a target words a refusal: what to fix, for the team (never a secret). */
export type Explain = (status: number, detail: string, what: string) => string;

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Math.max(1, Number(trimmed));
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(1, Math.ceil((date - now.getTime()) / 1000));
}

/** A short, secret-free account of an error answer: the provider's message, not its whole body. */
function detailOf(body: string): string {
  try {
    const json = JSON.parse(body);
    // HubSpot says it in `message`; Pipedrive in `error`, its `error_info` being the same pointer to its docs.
    const message = [json?.message, json?.error, json?.detail, json?.error_info].find(
      (text) => typeof text === 'string',
    );
    const category = json?.category ?? json?.errorCode ?? json?.code;
    if (typeof message === 'string') return `${category ? `${category}: ` : ''}${message}`.slice(0, 300);
  } catch {
    // not JSON
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export type JsonRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as JSON; a string is sent as it is (a signed payload). */
  body?: unknown;
  what: string;
  /** 410 Gone turns the target off (a webhook receiver that was removed). */
  offWhenGone?: boolean;
};

/** Sends the request; resolves with the answer's JSON (null when empty) or throws a CrmError. */
export async function requestJson<T>(deps: HttpDeps, request: JsonRequest, explain: Explain): Promise<T> {
  let response: Response;
  try {
    response = await deps.fetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body:
        request.body === undefined || typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not connect';
    throw new CrmError(`${request.what} ${reason}`, 'retry');
  }
  const text = await response.text();
  if (response.ok) {
    try {
      return (text ? JSON.parse(text) : null) as T;
    } catch {
      return null as T;
    }
  }
  const status = response.status;
  const detail = detailOf(text);
  const said = `${request.what} answered HTTP ${status}${detail ? ` (${detail})` : ''}`;
  if (status === 429) {
    const wait = retryAfterSeconds(response.headers.get('retry-after'), deps.now?.() ?? new Date());
    throw new CrmError(said, 'retry', wait, status);
  }
  if (status >= 500 || status === 408) throw new CrmError(said, 'retry', undefined, status);
  if (status === 410 && request.offWhenGone)
    throw new CrmError(explain(status, detail, said), 'off', undefined, status);
  throw new CrmError(explain(status, detail, said), 'pause', undefined, status);
}

/** True for a 404 answer: the record is gone (deleted or merged by a person in the CRM). */
export const isGone = (error: unknown) => error instanceof CrmError && error.status === 404;

// Scripted failures shared by the CRM fakes: the next requests to a route answer with an error status, before or
// after the fake has done the write (a 5xx after the CRM wrote: the caller cannot tell it happened).
export type Fault = {
  status: number;
  /** Done first, then answered with the error. */
  afterWrite?: boolean;
  headers?: Record<string, string>;
  body?: unknown;
  /** How many requests it answers (default 1). */
  times?: number;
};

export class FaultScript {
  private readonly faults: { route: string; fault: Fault; left: number }[] = [];

  /** `route` is "METHOD /path" (no query), matched exactly. */
  add(route: string, fault: Fault) {
    this.faults.push({ route, fault, left: fault.times ?? 1 });
  }

  take(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex((entry) => entry.route === `${method} ${path}` && entry.left > 0);
    if (index < 0) return undefined;
    const entry = this.faults[index];
    entry.left -= 1;
    if (entry.left === 0) this.faults.splice(index, 1);
    return entry.fault;
  }

  /**
   * The answer to a request: `answer`'s, unless a fault is scripted for its route; that fault is answered instead
   * of doing the request, or after doing it (afterWrite), with its body or the API's own error for its status.
   */
  async respond(
    method: string,
    path: string,
    answer: () => Promise<Response>,
    errorBody: (status: number) => unknown,
  ): Promise<Response> {
    const fault = this.take(method, path);
    if (!fault) return await answer();
    if (fault.afterWrite) await answer();
    return json(fault.body ?? errorBody(fault.status), fault.status, fault.headers);
  }
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

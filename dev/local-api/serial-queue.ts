// PGlite is a single connection: requests take turns, in arrival order, so none interleave or get lost.
export type SerialQueue = {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far has settled. */
  idle(): Promise<void>;
};

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const result = tail.then(task);
      tail = result.catch(() => undefined);
      return result;
    },
    async idle() {
      await tail;
    },
  };
}

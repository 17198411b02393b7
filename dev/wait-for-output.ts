import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once a child process has printed `text` (`output()` returns all it printed so far); rejects, with the
 * end of that output, if the process exits first or `timeoutMs` passes. `name` says which process in the error.
 */
export function waitForOutput(
  child: ChildProcess,
  output: () => string,
  text: string,
  { name, timeoutMs }: { name: string; timeoutMs: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`${name}: no "${text}" within ${timeoutMs / 1000} s`)), timeoutMs);
    const check = () => output().includes(text) && finish();
    const exited = (code: number | null) => finish(new Error(`${name} exited (${code}) before "${text}"`));
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
      if (error) reject(new Error(`${error.message}\n--- ${name} output ---\n${output().slice(-4000)}`));
      else resolve();
    }
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

// A real CalDAV server for the hosts' calendars in tests and on a developer's machine (issue 34): Radicale, from
// Debian's packages (scripts/ensure-radicale.sh), on a loopback port the system picks when it binds (port 0, read
// back from its "Listening on" line: no port picked first that another process could take before Radicale binds
// it), with its collections in a temporary folder and one account per host. Each account owns only its own
// calendars (`owner_only`), as a person's account does at Google, iCloud or Fastmail.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForOutput } from '../wait-for-output';

export type CalDavAccount = { user: string; password: string };

export type RadicaleServer = {
  /** The server's root, e.g. http://127.0.0.1:40123/ */
  url: string;
  /** Where an account's calendars live: `<url><user>/`. */
  homeUrl(user: string): string;
  /** The end of what the server printed (level info: each request and its answer), for a test's failure message. */
  log(lines?: number): string;
  /** Stops the server and removes its collections. */
  close(): Promise<void>;
};

const radicaleCommand = () => process.env.RADICALE_PATH || 'radicale';

export async function startRadicale(accounts: readonly CalDavAccount[]): Promise<RadicaleServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'radicale-'));
  const users = path.join(dir, 'users');
  // htpasswd's plain form ("user:password"): test accounts only, in a folder removed on close.
  fs.writeFileSync(users, accounts.map(({ user, password }) => `${user}:${password}\n`).join(''), { mode: 0o600 });
  const config = path.join(dir, 'config');
  fs.writeFileSync(
    config,
    [
      '[server]',
      'hosts = 127.0.0.1:0',
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${users}`,
      'htpasswd_encryption = plain',
      // A wrong password is answered at once (the default waits a second against guessing).
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = info',
      '',
    ].join('\n'),
  );

  const child = spawn(radicaleCommand(), ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  // Kept to its last 256 KB: a test's calendar sync makes a few requests a second.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-256 * 1024));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const started = new Promise<void>((resolve, reject) => {
    child.once('error', (error) =>
      reject(new Error(`Could not start Radicale (${error.message}): run scripts/ensure-radicale.sh`)),
    );
    waitForOutput(child, () => output, 'Radicale server ready', { name: 'Radicale', timeoutMs: 30_000 }).then(
      resolve,
      reject,
    );
  });
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await started;
  } catch (error) {
    child.kill();
    remove();
    throw error;
  }

  const port = /Listening on '\[127\.0\.0\.1\]:(\d+)'/.exec(output)?.[1];
  if (!port) {
    child.kill();
    remove();
    throw new Error(`Radicale did not say which port it listens on:\n${output.slice(-4000)}`);
  }
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    homeUrl: (user) => `${url}${encodeURIComponent(user)}/`,
    log: (lines = 40) => output.trimEnd().split('\n').slice(-lines).join('\n'),
    close: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          remove();
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill();
      }),
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// A local stand-in for Resend's POST /emails, so the notify-leads function runs its real code path without
// an account: each message is written in full as an .eml file (opens in any mail client) and announced in
// one console line. Like Resend, a repeated Idempotency-Key returns the first result and sends nothing.
export type SunkMessage = {
  id: string;
  idempotencyKey: string;
  from: string;
  to: string[];
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
  file: string;
  receivedAt: number;
};

export type MailSink = {
  url: string;
  messages: SunkMessage[];
  /** Answers the next `count` requests with HTTP `status` (default 503) without sending. */
  failNext(count: number, status?: number): void;
  /** Requests answered so far, failed ones included. */
  requestCount(): number;
  close(): Promise<void>;
};

type EmailPayload = {
  from?: string;
  to?: string | string[];
  reply_to?: string;
  subject?: string;
  text?: string;
  html?: string;
};

const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;

function toEml(message: Omit<SunkMessage, 'file'>): string {
  const boundary = `sink-${message.id}`;
  const base64 = (body: string) =>
    (
      Buffer.from(body)
        .toString('base64')
        .match(/.{1,76}/g) ?? []
    ).join('\r\n');
  return [
    `From: ${message.from}`,
    `To: ${message.to.join(', ')}`,
    ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${new Date(message.receivedAt).toUTCString()}`,
    `Message-ID: <${message.id}@local-mail-sink>`,
    `X-Idempotency-Key: ${message.idempotencyKey}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64(message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startMailSink(options: {
  dir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<MailSink> {
  await mkdir(options.dir, { recursive: true });
  const log = options.log ?? ((line: string) => console.log(line));
  const messages: SunkMessage[] = [];
  const byKey = new Map<string, string>();
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let requests = 0;

  const server = createServer((request, response) => {
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    readBody(request)
      .then(async (raw) => {
        requests += 1;
        if (request.method !== 'POST' || request.url !== '/emails') return reply(404, { message: 'Not found' });
        if (!/^Bearer \S+$/.test(request.headers.authorization ?? ''))
          return reply(401, { message: 'Missing API key' });
        if (failures.count > 0) {
          failures = { ...failures, count: failures.count - 1 };
          return reply(failures.status, { message: 'local mail sink: failing on purpose' });
        }
        const key = String(request.headers['idempotency-key'] ?? '');
        const existing = key && byKey.get(key);
        if (existing) return reply(200, { id: existing });
        const payload = JSON.parse(raw) as EmailPayload;
        const receivedAt = Date.now();
        const message = {
          id: randomUUID(),
          idempotencyKey: key,
          from: payload.from ?? '',
          to: Array.isArray(payload.to) ? payload.to : [payload.to ?? ''],
          replyTo: payload.reply_to,
          subject: payload.subject ?? '',
          text: payload.text ?? '',
          html: payload.html ?? '',
          receivedAt,
        };
        const file = path.join(
          options.dir,
          `${new Date(receivedAt).toISOString().replace(/[:.]/g, '-')}-${message.id}.eml`,
        );
        await writeFile(file, toEml(message));
        if (key) byKey.set(key, message.id);
        messages.push({ ...message, file });
        log(`mail: "${message.subject}" to ${message.to.join(', ')} → ${path.relative(process.cwd(), file)}`);
        return reply(200, { id: message.id });
      })
      .catch((error: unknown) => reply(400, { message: `local mail sink: ${error}` }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    failNext: (count, status = 503) => (failures = { count, status }),
    requestCount: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// A local stand-in for Resend's POST /emails, so the notify-leads function runs its real code path without
// an account: each message is written in full as an .eml file (opens in any mail client) and announced in
// one console line. Like Resend, a repeated Idempotency-Key returns the first result and sends nothing.
// Attachments (the booking messages' calendar invitations) are in the .eml and also saved beside it, named after
// it (`<message>-invite.ics`), so a test or a person can open them directly.
export type SunkAttachment = { filename: string; contentType: string; content: string; file: string };
export type SunkMessage = {
  id: string;
  idempotencyKey: string;
  from: string;
  to: string[];
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
  attachments: SunkAttachment[];
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
  attachments?: { filename?: string; content?: string; content_type?: string }[];
};

const encodeHeader = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;

const base64 = (body: string) =>
  (
    Buffer.from(body)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

const safeParameter = (value: string) => value.replace(/["\r\n]/g, '');

/** The text and HTML versions as one multipart/alternative entity: its Content-Type line, a blank line, the body. */
function alternativeEntity(message: Omit<SunkMessage, 'file'>, boundary: string): string[] {
  return [
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
  ];
}

/** The message; with attachments, multipart/mixed around the alternatives and each attachment. */
function toEml(message: Omit<SunkMessage, 'file'>): string {
  const headers = [
    `From: ${message.from}`,
    `To: ${message.to.join(', ')}`,
    ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${new Date(message.receivedAt).toUTCString()}`,
    `Message-ID: <${message.id}@local-mail-sink>`,
    `X-Idempotency-Key: ${message.idempotencyKey}`,
    'MIME-Version: 1.0',
  ];
  if (message.attachments.length === 0) {
    return [...headers, ...alternativeEntity(message, `sink-${message.id}`), ''].join('\r\n');
  }
  const mixed = `mixed-${message.id}`;
  return [
    ...headers,
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    ...alternativeEntity(message, `sink-${message.id}`),
    ...message.attachments.flatMap((attachment) => [
      `--${mixed}`,
      `Content-Type: ${attachment.contentType.replace(/[\r\n]/g, ' ')}; name="${safeParameter(attachment.filename)}"`,
      `Content-Disposition: attachment; filename="${safeParameter(attachment.filename)}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64(attachment.content),
    ]),
    `--${mixed}--`,
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
        const base = path.join(
          options.dir,
          `${new Date(receivedAt).toISOString().replace(/[:.]/g, '-')}-${message.id}`,
        );
        const file = `${base}.eml`;
        const attachments: SunkAttachment[] = (payload.attachments ?? []).map((attachment, index) => {
          const filename = path.basename(attachment.filename || `attachment-${index + 1}`).replace(/[^\w.-]/g, '_');
          return {
            filename,
            contentType: attachment.content_type ?? 'application/octet-stream',
            content: Buffer.from(attachment.content ?? '', 'base64').toString('utf8'),
            file: `${base}-${filename}`,
          };
        });
        for (const attachment of attachments) await writeFile(attachment.file, attachment.content);
        await writeFile(file, toEml({ ...message, attachments }));
        if (key) byKey.set(key, message.id);
        messages.push({ ...message, attachments, file });
        const saved = attachments.map((attachment) => ` + ${path.basename(attachment.file)}`).join('');
        log(`mail: "${message.subject}" to ${message.to.join(', ')} → ${path.relative(process.cwd(), file)}${saved}`);
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

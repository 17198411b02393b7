import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mailFileBase, toEml, type EmlAttachment, type EmlMessage } from './local-mail';

// A local stand-in for Resend's POST /emails, so the notify-leads function runs its real code path without
// an account: each message is written in full as an .eml file (opens in any mail client) and announced in
// one console line. Like Resend, a repeated Idempotency-Key returns the first result and sends nothing.
// Attachments (the booking messages' calendar invitations) are in the .eml and also saved beside it, named after
// it (`<message>-invite.ics`), so a test or a person can open them directly.
export type SunkAttachment = EmlAttachment & { file: string };
export type SunkMessage = Omit<EmlMessage, 'idempotencyKey' | 'attachments'> & {
  idempotencyKey: string;
  attachments: SunkAttachment[];
  file: string;
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
        const base = mailFileBase(options.dir, receivedAt, message.id);
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

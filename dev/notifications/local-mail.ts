import path from 'node:path';

// Every message the local stack sends is an .eml file (it opens in any mail client) in .local-mail/ or a folder
// given: the notifications' mail sink (./mail-sink.ts) writes them, and so does the local Auth server's sign-in
// mail (dev/local-api/auth-server/sign-in-mail.ts). One format, written here.
const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const LOCAL_MAIL_DIR = path.join(REPO_ROOT, '.local-mail');

export type EmlAttachment = { filename: string; contentType: string; content: string };
export type EmlMessage = {
  id: string;
  /** The sender's Idempotency-Key, shown as X-Idempotency-Key when there is one. */
  idempotencyKey?: string;
  from: string;
  to: string[];
  replyTo: string | undefined;
  subject: string;
  text: string;
  html: string;
  attachments: EmlAttachment[];
  receivedAt: number;
};

/** The message's file name without `.eml`: its time and id, so the folder lists messages in order. */
export const mailFileBase = (dir: string, receivedAt: number, id: string) =>
  path.join(dir, `${new Date(receivedAt).toISOString().replace(/[:.]/g, '-')}-${id}`);

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
function alternativeEntity(message: EmlMessage, boundary: string): string[] {
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
export function toEml(message: EmlMessage): string {
  const headers = [
    `From: ${message.from}`,
    `To: ${message.to.join(', ')}`,
    ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${new Date(message.receivedAt).toUTCString()}`,
    `Message-ID: <${message.id}@local-mail-sink>`,
    ...(message.idempotencyKey === undefined ? [] : [`X-Idempotency-Key: ${message.idempotencyKey}`]),
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

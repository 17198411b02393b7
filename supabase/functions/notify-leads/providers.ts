import type { NotifyConfig } from './config.ts';
import { headerText, type Notification } from './render.ts';

// Calls to the outside world, each classified the same way: delivered (with the provider's id), worth
// retrying (network error, timeout, 408/409/429, 5xx), or permanent (any other answer: retrying the same
// request cannot succeed, so the job is marked dead at once and shows up in monitoring).
export type Outcome = { ok: true; id: string | undefined } | { ok: false; retry: boolean; error: string };
export type Fetch = typeof fetch;

const RETRYABLE_STATUSES = new Set([408, 409, 425, 429]);

/** UTF-8 text as base64. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function call(fetchImpl: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, retry: true, error: timedOut ? `timed out after ${timeoutMs} ms` : `network error: ${error}` };
  }
  const body = await response.text().catch(() => '');
  if (response.ok) {
    let id: string | undefined;
    try {
      id = (JSON.parse(body) as { id?: string }).id;
    } catch {
      id = undefined;
    }
    return { ok: true, id };
  }
  const retry = response.status >= 500 || RETRYABLE_STATUSES.has(response.status);
  return { ok: false, retry, error: `HTTP ${response.status}: ${body.slice(0, 500)}` };
}

/**
 * Sends the notification through Resend's HTTP API. The idempotency key (the job id) makes a retry after a
 * lost response return the first send's result instead of sending a second e-mail.
 */
export function sendEmail(
  fetchImpl: Fetch,
  config: NotifyConfig,
  message: Notification,
  idempotencyKey: string,
): Promise<Outcome> {
  const payload: Record<string, unknown> = {
    from: message.from ?? config.from,
    to: message.to ?? config.to,
    subject: headerText(message.subject, 150),
    text: message.text,
    html: message.html,
  };
  if (message.replyTo) payload.reply_to = message.replyTo;
  if (message.attachments?.length) {
    // Resend's attachment: base64 content, the file name and its MIME type (for an invitation,
    // `text/calendar; method=REQUEST` or `method=CANCEL`, which mail clients read as an invitation).
    payload.attachments = message.attachments.map((attachment) => ({
      filename: attachment.filename,
      content: base64(attachment.content),
      content_type: attachment.contentType,
    }));
  }
  return call(
    fetchImpl,
    `${config.resendApiUrl}/emails`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.resendApiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(payload),
    },
    config.providerTimeoutMs,
  );
}

/** Posts the subject and the plain text to a Slack-compatible incoming webhook. */
export function postToChat(fetchImpl: Fetch, config: NotifyConfig, message: Notification): Promise<Outcome> {
  if (!config.slackWebhookUrl) return Promise.resolve({ ok: true, id: undefined });
  return call(
    fetchImpl,
    config.slackWebhookUrl,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: `*${message.subject}*\n${message.text}` }),
    },
    config.providerTimeoutMs,
  );
}

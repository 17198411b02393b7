import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { insightsCopy } from '../../../src/content-model/insights-schema';
import { site as siteSchema } from '../../../src/content-model/schemas';
import { fillSiteTokens, siteTokenValues } from '../../../src/content-model/site-tokens';
import { mailFileBase, toEml } from '../../notifications/local-mail';

// The e-mail that brings a team member their sign-in code, as an .eml file in the local mail folder, like every
// other message the local stack sends (dev/notifications/local-mail.ts). Its words are content/insights.json's
// signIn texts, read for each message so an edit shows in the next one.
export type SignInMailer = {
  dir: string;
  from: string;
  contentDir?: string;
  /** Told one line per message, as the mail sink tells its own. */
  log?: (line: string) => void;
};

export const LOCAL_SIGN_IN_SENDER = 'Brightlane AI <sign-in@brightlane.local>';
const CONTENT_DIR = path.resolve(__dirname, '..', '..', '..', 'content');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

/** The message's subject and text, placeholders filled in. */
export async function signInMessage(code: string, minutes: number, contentDir = CONTENT_DIR) {
  const { signIn } = insightsCopy.parse(await readJson(path.join(contentDir, 'insights.json')));
  const tokens = siteTokenValues(siteSchema.parse(await readJson(path.join(contentDir, 'site.json'))));
  const fill = (text: string) =>
    fillSiteTokens(text, tokens).replaceAll('{code}', code).replaceAll('{minutes}', String(minutes));
  return { subject: fill(signIn.subject), text: fill(signIn.text) };
}

/** Writes the message to `to` and answers its file. */
export async function sendSignInCode(mailer: SignInMailer, to: string, code: string, minutes: number) {
  const { subject, text } = await signInMessage(code, minutes, mailer.contentDir);
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const message = {
    id: randomUUID(),
    from: mailer.from,
    to: [to],
    replyTo: undefined,
    subject,
    text,
    html,
    attachments: [],
    receivedAt: Date.now(),
  };
  await mkdir(mailer.dir, { recursive: true });
  const file = `${mailFileBase(mailer.dir, message.receivedAt, message.id)}.eml`;
  await writeFile(file, toEml(message));
  mailer.log?.(`mail: "${subject}" to ${to} → ${path.relative(process.cwd(), file)}`);
  return file;
}

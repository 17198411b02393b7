// Reads the sign-in e-mails the local Auth server wrote to a test's mail folder (.eml files, as a person opens them
// in a mail client): who each is to, its subject and its text, and the code in it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type SignInMail = { file: string; to: string; subject: string; text: string };

function header(eml: string, name: string): string {
  return new RegExp(`^${name}: (.*)$`, 'm').exec(eml)?.[1].trim() ?? '';
}

/** The base64 text/plain part of the message, decoded. */
function plainText(eml: string): string {
  const part = eml.split('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n')[1];
  return Buffer.from((part ?? '').split('\r\n--')[0].replace(/\r\n/g, ''), 'base64').toString('utf8');
}

/** Every message in `dir` to `to`, oldest first. */
export async function mailsTo(dir: string, to: string): Promise<SignInMail[]> {
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  const mails = await Promise.all(
    files.map(async (name) => {
      const eml = await readFile(path.join(dir, name), 'utf8');
      return { file: name, to: header(eml, 'To'), subject: header(eml, 'Subject'), text: plainText(eml) };
    }),
  );
  return mails.filter((mail) => mail.to === to);
}

/** The code in the newest message to `to`. */
export async function latestCode(dir: string, to: string, digits = 6): Promise<string> {
  const mail = (await mailsTo(dir, to)).at(-1);
  const code = mail && new RegExp(`\\b(\\d{${digits}})\\b`).exec(mail.text)?.[1];
  if (!code) throw new Error(`No sign-in code to ${to} in ${dir}`);
  return code;
}

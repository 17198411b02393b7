// What a marketer may write in content/insights.json: the texts of the team's insights dashboard. For now the
// e-mail that brings a team member the code to sign in; the local Auth server sends it (dev/local-api/auth-server/
// sign-in-mail.ts), and docs/insights.md says how to give a hosted project the same words. Placeholders filled in
// when it is sent: {code} (the one-time code) and {minutes} (how long it is valid), besides the site placeholders.
import { z } from 'zod';
import { DASHBOARD_PLACEHOLDERS, dashboardCopy } from '../insights/dashboard/copy-schema';
import { text } from './zod-helpers';

const mentioning = (what: string, name: string, meaning: string) =>
  text(what).regex(new RegExp(`\\{${name}\\}`), `${what} must contain {${name}}, ${meaning}`);

export const signInMail = z
  .object({
    subject: text('subject'),
    text: mentioning('text', 'code', 'the code to type in').regex(
      /\{minutes\}/,
      'text must contain {minutes}, how many minutes the code is valid',
    ),
  })
  .strict();

export const insightsCopy = z.object({ signIn: signInMail, dashboard: dashboardCopy }).strict();

export type InsightsCopy = z.infer<typeof insightsCopy>;
export const INSIGHTS_PLACEHOLDERS = ['code', 'minutes', ...DASHBOARD_PLACEHOLDERS];

/** @jest-environment node */
// The privacy content the checks insist on: a collection notice at every collection point (both forms and the
// chat's booking), a privacy policy for them to link to, and only known values named in the policy.
import fs from 'node:fs';
import path from 'node:path';
import { formatProblems, loadContent } from '../../src/content-model/check';
import { copyContent } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
beforeEach(() => (content = copyContent()));
afterEach(() => content.cleanup());

const report = () => formatProblems(loadContent(content.dir).problems);
const POLICY = 'legal/privacy-policy.mdx';
const policyText = () => fs.readFileSync(path.join(content.dir, POLICY), 'utf8');

describe('collection notices', () => {
  it.each([
    ['forms/contact-form.json', 'privacyNotice', (copy: Record<string, unknown>) => delete copy.privacyNotice],
    ['forms/booking-form.json', 'privacyNotice', (copy: Record<string, unknown>) => delete copy.privacyNotice],
    [
      'chat.json',
      'booking.privacyNotice',
      (chat: { booking: Record<string, unknown> }) => delete chat.booking.privacyNotice,
    ],
  ] as const)('%s must have its notice (%s)', (file, field, remove) => {
    content.editJson(file, remove);
    expect(report()).toBe(`- content/${file}: '${field}' is missing. Add it (see CONTENT.md for an example).`);
  });

  it('refuses a blank notice text or link label', () => {
    content.editJson('forms/booking-form.json', (copy) => (copy.privacyNotice.text = '  '));
    content.editJson('chat.json', (chat) => (chat.booking.privacyNotice.linkLabel = ''));
    expect(report()).toBe(
      [
        "- content/forms/booking-form.json: 'privacyNotice.text': text must not be empty.",
        "- content/chat.json: 'booking.privacyNotice.linkLabel': linkLabel must not be empty.",
      ].join('\n'),
    );
  });

  it('needs the privacy policy the notices link to', () => {
    fs.rmSync(path.join(content.dir, POLICY));
    expect(report()).toContain(
      "- content/legal: there is no privacy policy (a legal page with slug privacy-policy), but the forms' and the chat's privacy notices link to it.",
    );
  });
});

describe('the privacy policy', () => {
  it('names the storage region, the e-mail provider and the retention period from site.json', () => {
    for (const name of ['storageRegion', 'emailProvider', 'retentionMonths', 'visitEventDays']) {
      expect(policyText()).toContain(`<PrivacyValue name="${name}" />`);
    }
    expect(report()).toBe('');
  });

  it('refuses an unknown value name or any other component', () => {
    content.write(POLICY, `${policyText()}\n\nKept in <PrivacyValue name="region" />. <Banner />\n`);
    expect(report()).toBe(
      [
        `- content/${POLICY}: '<PrivacyValue name="region" />' cannot be used in a legal page. The only tag allowed is one of: <PrivacyValue name="storageRegion" />, <PrivacyValue name="emailProvider" />, <PrivacyValue name="retentionMonths" />, <PrivacyValue name="visitEventDays" /> (the values are in content/site.json, privacy).`,
        `- content/${POLICY}: '<Banner />' cannot be used in a legal page. The only tag allowed is one of: <PrivacyValue name="storageRegion" />, <PrivacyValue name="emailProvider" />, <PrivacyValue name="retentionMonths" />, <PrivacyValue name="visitEventDays" /> (the values are in content/site.json, privacy).`,
      ].join('\n'),
    );
  });

  it('needs the privacy facts in site.json', () => {
    content.editJson('site.json', (site) => (site.privacy.retentionMonths = 0));
    expect(report()).toBe("- content/site.json: 'privacy.retentionMonths': retentionMonths must be at least 1.");
  });
});

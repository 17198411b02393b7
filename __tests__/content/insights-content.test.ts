/** @jest-environment node */
// content/insights.json: the sign-in e-mail's words (issue 44). The content check refuses a text that leaves out the
// code or how long it is valid, and a placeholder the sender does not fill; the sender fills the ones it knows.
import { formatProblems, loadContent } from '../../src/content-model/check';
import { signInMessage } from '../../dev/local-api/auth-server/sign-in-mail';
import { copyContent } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
beforeEach(() => (content = copyContent()));
afterEach(() => content.cleanup());

const report = () => formatProblems(loadContent(content.dir).problems);

test('the e-mail says the code and its minutes, with the site placeholders filled in', async () => {
  content.editJson('insights.json', (copy) => {
    copy.signIn = { subject: '{brandName}: {code}', text: 'Code {code}, valid {minutes} min. {brandName}.' };
  });
  expect(report()).toBe('');
  expect(await signInMessage('012345', 60, content.dir)).toEqual({
    subject: 'Brightlane AI: 012345',
    text: 'Code 012345, valid 60 min. Brightlane AI.',
  });
});

test.each([
  ['the code', 'Valid for {minutes} minutes.', 'text must contain {code}, the code to type in'],
  ['its minutes', 'Your code: {code}.', 'text must contain {minutes}, how many minutes the code is valid'],
])('refuses a text without %s', (_, text, message) => {
  content.editJson('insights.json', (copy) => (copy.signIn.text = text));
  expect(report()).toContain(message);
});

test('refuses a placeholder the sender does not fill', () => {
  content.editJson('insights.json', (copy) => (copy.signIn.subject = 'Hello {name}'));
  expect(report()).toContain("'{name}' is not a known placeholder.");
});

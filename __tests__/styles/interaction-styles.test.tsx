// A tap must not generate styles. styled-components inserts the rules of a component's new prop values
// into the page's style sheet, and a new rule makes the browser restyle the whole page before it can show
// anything: on the phone profile that put /contact's tap → chat panel at ~145 ms. So the states a tap
// changes are attributes in static rules, inserted when the page (or the idle pre-rendered panel) renders.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layout } from '../../src/components/layout/Layout';
import { mockSiteSettings } from '../helpers/site-settings';
import chatJson from '../../content/chat.json';
import { chatScript } from '../../src/features/chat/script-schema';

/** The rules in the page's style sheets. */
const pageRules = () =>
  Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText));

/** The rules added since `before`. */
const rulesAddedSince = (before: string[]) => pageRules().filter((rule) => !before.includes(rule));

let user: ReturnType<typeof userEvent.setup>;
let menuLabel: string;
const { ui } = chatScript.parse(chatJson);

beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  window.sessionStorage.clear();
  menuLabel = mockSiteSettings().menuLabel as string;
});

afterEach(() => {
  jest.useRealTimers();
});

/** The page as a visitor finds it once the browser has been idle: the chat panel rendered, closed. */
async function idlePage() {
  render(
    <Layout pathname="/">
      <h1>Page body</h1>
    </Layout>,
  );
  await act(() => jest.advanceTimersByTimeAsync(1000));
  await screen.findByRole('dialog', { hidden: true });
}

test('opening the chat and sending a first message add no style rule', async () => {
  await idlePage();
  const before = pageRules();

  await user.click(screen.getByRole('button', { name: ui.launcherLabel }));
  const input = screen.getByRole('textbox', { name: ui.inputLabel });
  expect(screen.getByRole('dialog')).toBeVisible();
  await user.type(input, 'Hello{Enter}');
  expect(screen.getByRole('log', { name: ui.conversationLabel })).toHaveTextContent('Hello');

  expect(rulesAddedSince(before)).toEqual([]);
});

test('opening the menu adds no style rule', async () => {
  await idlePage();
  const before = pageRules();

  await user.click(screen.getByRole('button', { name: menuLabel }));
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeVisible();

  expect(rulesAddedSince(before)).toEqual([]);
});

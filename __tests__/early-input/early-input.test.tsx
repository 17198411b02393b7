// Input made between the first paint and hydration, in jsdom: the server-rendered markup with the page's
// early-input script running, the visitor acting on it, then React hydrating it as Gatsby does.
import { createHash } from 'node:crypto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
// The Node build: jsdom's environment would pick the browser one, which needs TextEncoder.
import { renderToStaticMarkup, renderToString } from 'react-dom/server.node';
import chatJson from '../../content/chat.json';
import contactJson from '../../content/forms/contact-form.json';
import { inlineScriptHashes } from '../../src/build/security-headers';
import { Layout } from '../../src/components/layout/Layout';
import { GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../src/early-input/attributes';
import { hydratePage } from '../../src/early-input/hydrate';
import { EARLY_INPUT_SCRIPT } from '../../src/early-input/script';
import { chatScript } from '../../src/features/chat/script-schema';
import { ContactForm } from '../../src/features/forms/ContactForm';
import { contactFormCopy } from '../../src/features/forms/copy-schema';
import { problemOptions } from '../fixtures/spec-texts';
import { submitContactMessage } from '../../src/lib/leads';
import { withSavedAt } from '../../src/lib/session-expiry';
import { mockSiteSettings } from '../helpers/site-settings';

jest.mock('../../src/lib/leads');
const submitMock = jest.mocked(submitContactMessage);
const copy = contactFormCopy.parse(contactJson);
const EMAIL = 'hello@brightlane.ai';
const chatUi = chatScript.parse(chatJson).ui;

// The page's head script, run once for this file's document as the browser runs it before the body.
new Function(EARLY_INPUT_SCRIPT)();

/** Unmounts the page hydrated last. */
let unmount: (() => void) | undefined;

/** What Gatsby renders into its root element: the page inside its focus wrapper. */
const gatsbyPage = (element: ReactElement) => <div id="gatsby-focus-wrapper">{element}</div>;

/** The server-rendered page inside Gatsby's root element, not yet hydrated. */
function serverRendered(element: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.id = GATSBY_ROOT_ID;
  container.innerHTML = renderToString(gatsbyPage(element));
  document.body.appendChild(container);
  return container;
}

/** Hydrates as the site does (src/early-input/hydrate.tsx), to the end. */
async function hydrate(container: HTMLElement, element: ReactElement): Promise<void> {
  await act(async () => {
    unmount = hydratePage(gatsbyPage(element), container);
  });
  expect(container).toHaveAttribute(HYDRATED_ATTRIBUTE);
}

/**
 * Starts hydrating as the site does and returns while React has attached its listeners but not yet rendered
 * (outside `act`, React's scheduler works in later ticks, as in a browser); the promise ends when it is done.
 */
function hydrateInBackground(container: HTMLElement, element: ReactElement): { done: Promise<void> } {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  unmount = hydratePage(gatsbyPage(element), container);
  expect(container).not.toHaveAttribute(HYDRATED_ATTRIBUTE);
  const done = waitFor(() => expect(container).toHaveAttribute(HYDRATED_ATTRIBUTE)).finally(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  return { done };
}

// React's development build warns about the attributes the visitor's input changed before hydration; the
// production build (what visitors get) says nothing. Any other error still fails loudly.
const EXPECTED_HYDRATION_WARNING = /Extra attributes from the server|Prop `aria-(expanded|busy)` did not match/;
const consoleError = console.error;

let menuLabel: string;
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!EXPECTED_HYDRATION_WARNING.test(String(args[0]))) consoleError(...args);
  });
  sessionStorage.clear();
  submitMock.mockReset().mockResolvedValue({ ok: true });
  menuLabel = mockSiteSettings().menuLabel as string;
});

afterEach(() => {
  jest.restoreAllMocks();
  act(() => unmount?.());
  unmount = undefined;
  document.body.innerHTML = '';
});

/** Typing as the browser reports it before any script handles it: the value changes, then `input` fires. */
function typeBeforeHydration(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

const contactForm = () => <ContactForm copy={copy} contactEmail={EMAIL} />;
const control = <T extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText(label) as T;

describe('a form used before hydration', () => {
  it('submits, once hydrated, exactly what was typed, chosen and restored, without a native submit', async () => {
    const container = serverRendered(contactForm());
    typeBeforeHydration(control(copy.inputs.name.label), 'Ada Lovelace');
    typeBeforeHydration(control(copy.inputs.email.label), 'ada@example.com');
    control(copy.inputs.company.label).value = 'Analytical Engines'; // restored or autofilled: no event at all
    typeBeforeHydration(control<HTMLSelectElement>(copy.inputs.problem.label), problemOptions[3]);
    typeBeforeHydration(control<HTMLTextAreaElement>(copy.inputs.details.label), 'Mostly after hours.');
    const form = screen.getByRole('form', { name: copy.formLabel }) as HTMLFormElement;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true); // no GET with the answers in the URL

    await hydrate(container, contactForm());

    await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
    expect(submitMock).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      message: `Problem: ${problemOptions[3]}\n\nDetails: Mostly after hours.`,
    });
    expect(await screen.findByText(copy.success.message)).toBeInTheDocument();
  });

  it('shows the same errors after hydration as a visitor would get, keeping what was typed', async () => {
    const container = serverRendered(contactForm());
    typeBeforeHydration(control(copy.inputs.name.label), 'Ada Lovelace');
    screen.getByRole('form', { name: copy.formLabel }).dispatchEvent(new Event('submit', { cancelable: true }));
    await hydrate(container, contactForm());

    expect(await screen.findByText(copy.inputs.email.requiredMessage)).toBeInTheDocument();
    expect(screen.queryByText(copy.inputs.name.requiredMessage)).not.toBeInTheDocument();
    expect(control(copy.inputs.name.label)).toHaveValue('Ada Lovelace');
    expect(submitMock).not.toHaveBeenCalled();
  });

  it('lets a stored draft fill only the fields the visitor has not touched; new typing wins', async () => {
    sessionStorage.setItem(
      'lead-form-draft:contact-form',
      JSON.stringify(
        withSavedAt({ name: 'Old Name', email: 'old@example.com', company: 'Old Co', problem: '', details: 'Old' }),
      ),
    );
    const container = serverRendered(contactForm());
    typeBeforeHydration(control(copy.inputs.name.label), 'New Name');
    typeBeforeHydration(control<HTMLTextAreaElement>(copy.inputs.details.label), ''); // typed, then cleared
    await hydrate(container, contactForm());

    expect(control(copy.inputs.name.label)).toHaveValue('New Name');
    expect(control(copy.inputs.email.label)).toHaveValue('old@example.com');
    expect(control(copy.inputs.company.label)).toHaveValue('Old Co');
    expect(control(copy.inputs.details.label)).toHaveValue('');
    expect(JSON.parse(sessionStorage.getItem('lead-form-draft:contact-form')!)).toMatchObject({ name: 'New Name' });
  });

  it('does not count a hidden spam-trap value filled before hydration (autofill) as a bot', async () => {
    const container = serverRendered(contactForm());
    const form = screen.getByRole('form', { name: copy.formLabel }) as HTMLFormElement;
    (form.elements.namedItem('website') as HTMLInputElement).value = 'https://autofilled.example';
    typeBeforeHydration(control(copy.inputs.name.label), 'Ada Lovelace');
    typeBeforeHydration(control(copy.inputs.email.label), 'ada@example.com');
    typeBeforeHydration(control(copy.inputs.company.label), 'Analytical Engines');
    typeBeforeHydration(control<HTMLSelectElement>(copy.inputs.problem.label), problemOptions[5]);
    await hydrate(container, contactForm());

    expect((form.elements.namedItem('website') as HTMLInputElement).value).toBe('');
    await userEvent.setup().click(screen.getByRole('button', { name: copy.submitLabel }));
    await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
  });

  it('takes values set by script after hydration with only a plain input or change event', async () => {
    const container = serverRendered(contactForm());
    await hydrate(container, contactForm());
    const setNatively = (element: HTMLInputElement, value: string, type: string) => {
      // The way password managers fill: the native setter, which React's value tracking also sees.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
      act(() => {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      });
    };
    setNatively(control(copy.inputs.name.label), 'Ada Lovelace', 'input');
    setNatively(control(copy.inputs.email.label), 'ada@example.com', 'change');
    act(() => {
      control(copy.inputs.company.label).value = 'Analytical Engines';
      control(copy.inputs.company.label).dispatchEvent(new Event('input', { bubbles: true }));
    });
    await userEvent.setup().selectOptions(control<HTMLSelectElement>(copy.inputs.problem.label), problemOptions[3]);
    await userEvent.setup().click(screen.getByRole('button', { name: copy.submitLabel }));

    await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
    expect(submitMock.mock.calls[0][0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
    });
  });
});

const layout = () => (
  <Layout pathname="/">
    <h1>Page</h1>
  </Layout>
);

describe('a tap before hydration', () => {
  it('opens the mobile menu at once, and it stays open (one more tap closes it) once hydrated', async () => {
    const container = serverRendered(layout());
    const toggle = screen.getByRole('button', { name: menuLabel });
    toggle.click();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await hydrate(container, layout());

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('on the chat launcher shows it is opening, then opens the panel once hydrated', async () => {
    const container = serverRendered(layout());
    const launcher = screen.getByRole('button', { name: chatUi.launcherLabel });
    launcher.click();
    expect(launcher).toHaveAttribute('aria-busy', 'true');
    await hydrate(container, layout());

    const panel = await screen.findByRole('dialog', { name: chatUi.panelTitle });
    expect(within(panel).getByRole('textbox', { name: chatUi.inputLabel })).toBeInTheDocument();
    await waitFor(() => expect(launcher).not.toHaveAttribute('aria-busy'));
    expect(launcher).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    ['the mobile menu', () => screen.getByRole('button', { name: menuLabel })],
    ['the chat', () => screen.getByRole('button', { name: chatUi.launcherLabel })],
  ])(
    'that opened %s is undone by Escape, focus on its button, and it stays closed once hydrated',
    async (_, button) => {
      const container = serverRendered(layout());
      button().click();
      expect(button()).toHaveAttribute('aria-expanded', 'true');
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(button()).toHaveAttribute('aria-expanded', 'false');
      expect(button()).not.toHaveAttribute('aria-busy');
      expect(button()).toHaveFocus();
      await hydrate(container, layout());

      expect(button()).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('dialog', { name: chatUi.panelTitle })).toBeNull();
      expect(button()).toHaveFocus();
    },
  );

  it('is left to React once the page has hydrated, so a tap never toggles twice', async () => {
    const container = serverRendered(layout());
    await hydrate(container, layout());
    const toggle = screen.getByRole('button', { name: menuLabel });
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('input while React is hydrating (attached, not yet rendered)', () => {
  it('a tap on the menu toggle opens the menu exactly once', async () => {
    const container = serverRendered(layout());
    const hydration = hydrateInBackground(container, layout());
    const toggle = screen.getByRole('button', { name: menuLabel });
    toggle.click();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await hydration.done;

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('a tap on the chat launcher opens the panel', async () => {
    const container = serverRendered(layout());
    const hydration = hydrateInBackground(container, layout());
    const launcher = screen.getByRole('button', { name: chatUi.launcherLabel });
    launcher.click();
    await hydration.done;

    const panel = await screen.findByRole('dialog', { name: chatUi.panelTitle });
    expect(within(panel).getByRole('textbox', { name: chatUi.inputLabel })).toBeInTheDocument();
    expect(launcher).toHaveAttribute('aria-expanded', 'true');
  });

  // Ada's answers, typed field by field; `typedBeforeHydrating` of them come before hydration starts.
  const answers = (problem: string) => ({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    problem,
  });

  async function fillAndSubmitWhileHydrating(problem: string, typedBeforeHydrating: number) {
    const container = serverRendered(contactForm());
    const typing = Object.entries(answers(problem)).map(
      ([field, value]) =>
        () =>
          typeBeforeHydration(control(copy.inputs[field as keyof typeof copy.inputs].label), value),
    );
    typing.slice(0, typedBeforeHydrating).forEach((type) => type());
    const hydration = hydrateInBackground(container, contactForm());
    typing.slice(typedBeforeHydrating).forEach((type) => type());
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('form', { name: copy.formLabel }).dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await hydration.done;

    await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
    const { name, email, company } = answers(problem);
    expect(submitMock).toHaveBeenCalledWith({ name, email, company, message: `Problem: ${problem}` });
    expect(await screen.findByText(copy.success.message)).toBeInTheDocument();
  }

  it('a form filled before and submitted during hydration is sent once, with what was typed', async () => {
    await fillAndSubmitWhileHydrating(problemOptions[1], 4);
  });

  it('typing that makes React finish hydrating, then an instant submit, sends what the fields show', async () => {
    await fillAndSubmitWhileHydrating(problemOptions[2], 1);
  });
});

describe('a container without server-rendered page content', () => {
  // `gatsby develop` serves an empty root and mounts its loading indicator into an element of its own, through
  // the same function, while the page's focus wrapper may already hold content.
  it('is rendered, not hydrated, even while the page beside it has content', async () => {
    const page = serverRendered(layout());
    await hydrate(page, layout());
    const indicator = document.createElement('div');
    document.body.appendChild(indicator);

    let cleanup!: () => void;
    await act(async () => {
      cleanup = hydratePage(<p>Loading</p>, indicator);
    });
    expect(indicator).toHaveTextContent('Loading');
    expect(indicator).toHaveAttribute(HYDRATED_ATTRIBUTE);
    expect(jest.mocked(console.error).mock.calls.map(([message]) => String(message))).toEqual([]);

    act(() => cleanup());
    expect(indicator).toBeEmptyDOMElement();
  });
});

describe('the early-input script in the page head', () => {
  it('is an inline script the Content-Security-Policy allows by its hash', () => {
    const html = renderToStaticMarkup(<script dangerouslySetInnerHTML={{ __html: EARLY_INPUT_SCRIPT }} />);
    const hash = createHash('sha256').update(EARLY_INPUT_SCRIPT, 'utf8').digest('base64');
    expect(inlineScriptHashes(`<head>${html}</head>`)).toEqual([`'sha256-${hash}'`]);
  });
});

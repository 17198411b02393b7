// A landing page's form hydrates after the rest of the page (its code loads later, src/components/landing/
// FormBlock.tsx). In jsdom, with the page's early-input script: the page has hydrated, the form's code has not
// arrived yet, and what the visitor types and submits in the form is still held and then sent, with the problem
// the page preselected unless the visitor (or their draft) chose another.
import { act, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
// The Node build: jsdom's environment would pick the browser one, which needs TextEncoder.
import { renderToString } from 'react-dom/server.node';
import contactJson from '../../content/forms/contact-form.json';
import { EARLY_PENDING_ATTRIBUTE, GATSBY_ROOT_ID, HYDRATED_ATTRIBUTE } from '../../src/early-input/attributes';
import { hydratePage } from '../../src/early-input/hydrate';
import { LateHydration } from '../../src/early-input/LateHydration';
import { EARLY_INPUT_SCRIPT } from '../../src/early-input/script';
import { ContactForm } from '../../src/features/forms/ContactForm';
import { contactFormCopy } from '../../src/features/forms/copy-schema';
import { composeContactMessage } from '../../src/features/forms/contact-form-model';
import { submitContactMessage } from '../../src/lib/leads';
import { withSavedAt } from '../../src/lib/session-expiry';
import { problemOptions } from '../fixtures/spec-texts';

jest.mock('../../src/lib/leads');
const submitMock = jest.mocked(submitContactMessage);
const copy = contactFormCopy.parse(contactJson);
const EMAIL = 'hello@brightlane.ai';
const PRESET = problemOptions[3];

// The page's head script, run once for this file's document as the browser runs it before the body.
new Function(EARLY_INPUT_SCRIPT)();

let unmount: (() => void) | undefined;
let releaseFormCode: () => void;

/** The form behind a lazy import whose code arrives when the test says so. */
function lateForm(): ReactElement {
  const arrived = new Promise<void>((resolve) => (releaseFormCode = resolve));
  const LazyForm = lazy(() => arrived.then(() => ({ default: ContactForm })));
  return (
    <div id="gatsby-focus-wrapper">
      <LateHydration>
        <LazyForm copy={copy} contactEmail={EMAIL} initialProblem={PRESET} />
      </LateHydration>
    </div>
  );
}

/** The server's HTML: the whole page, the form included (the server waits for lazy code). */
function serverRendered(): HTMLElement {
  const container = document.createElement('div');
  container.id = GATSBY_ROOT_ID;
  container.innerHTML = renderToString(
    <div id="gatsby-focus-wrapper">
      <LateHydration>
        <ContactForm copy={copy} contactEmail={EMAIL} initialProblem={PRESET} />
      </LateHydration>
    </div>,
  );
  document.body.appendChild(container);
  return container;
}

const region = () => document.querySelector('[data-early-pending], div:has(> form)')!;
const control = <T extends HTMLElement = HTMLInputElement>(label: string) => screen.getByLabelText(label) as T;

/** Typing as the browser reports it: the value changes, then `input` fires (React may start hydrating the form). */
function typeBeforeHydration(element: HTMLInputElement | HTMLSelectElement, value: string) {
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Hydrates the page as the site does; the form's code has not arrived. */
async function hydrateWithoutFormCode(container: HTMLElement) {
  await act(async () => {
    unmount = hydratePage(lateForm(), container);
  });
  expect(container).toHaveAttribute(HYDRATED_ATTRIBUTE);
  expect(region()).toHaveAttribute(EARLY_PENDING_ATTRIBUTE);
}

async function formCodeArrives() {
  await act(async () => releaseFormCode());
  await waitFor(() => expect(document.querySelector(`[${EARLY_PENDING_ATTRIBUTE}]`)).toBeNull());
}

// React's development build reports the marks the early-input script left on the form (what was typed and
// submitted) as attributes the server did not render; the production build says nothing. Anything else fails.
const consoleError = console.error;
const EARLY_MARKS_WARNING = (args: unknown[]) =>
  /A tree hydrated but some attributes/.test(String(args[0])) &&
  /data-early-(edited|submit)/.test(args.map(String).join(' '));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!EARLY_MARKS_WARNING(args)) consoleError(...args);
  });
  sessionStorage.clear();
  submitMock.mockReset().mockResolvedValue({ ok: true });
});

afterEach(() => {
  jest.restoreAllMocks();
  act(() => unmount?.());
  unmount = undefined;
  document.body.innerHTML = '';
});

it('shows the preselected problem in the HTML, before any script', () => {
  serverRendered();
  expect(control<HTMLSelectElement>(copy.inputs.problem.label)).toHaveValue(PRESET);
});

it('holds what is typed and submitted in the form until its code arrives, then sends it with the preset', async () => {
  const container = serverRendered();
  await hydrateWithoutFormCode(container);
  typeBeforeHydration(control(copy.inputs.name.label), 'Ada Lovelace');
  typeBeforeHydration(control(copy.inputs.email.label), 'ada@example.com');
  typeBeforeHydration(control(copy.inputs.company.label), 'Analytical Engines');
  const submit = new Event('submit', { bubbles: true, cancelable: true });
  act(() => {
    screen.getByRole('form', { name: copy.formLabel }).dispatchEvent(submit);
  });
  expect(submit.defaultPrevented).toBe(true); // no native GET with the answers in the URL

  await formCodeArrives();
  await waitFor(() => expect(submitMock).toHaveBeenCalledTimes(1));
  expect(submitMock).toHaveBeenCalledWith({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    message: composeContactMessage(PRESET, ''),
  });
});

it("keeps the visitor's own choice made before the code arrived", async () => {
  const container = serverRendered();
  await hydrateWithoutFormCode(container);
  typeBeforeHydration(control<HTMLSelectElement>(copy.inputs.problem.label), problemOptions[5]);
  await formCodeArrives();
  expect(control<HTMLSelectElement>(copy.inputs.problem.label)).toHaveValue(problemOptions[5]);
});

it("restores a draft's choice over the preset, but not a draft without one", async () => {
  const draft = (problem: string) =>
    sessionStorage.setItem(
      'lead-form-draft:contact-form',
      JSON.stringify(withSavedAt({ name: 'Ada', email: '', company: '', problem, details: '' })),
    );
  draft(problemOptions[1]);
  let container = serverRendered();
  await hydrateWithoutFormCode(container);
  await formCodeArrives();
  expect(control<HTMLSelectElement>(copy.inputs.problem.label)).toHaveValue(problemOptions[1]);
  expect(control(copy.inputs.name.label)).toHaveValue('Ada');

  act(() => unmount?.());
  document.body.innerHTML = '';
  draft('');
  container = serverRendered();
  await hydrateWithoutFormCode(container);
  await formCodeArrives();
  expect(control<HTMLSelectElement>(copy.inputs.problem.label)).toHaveValue(PRESET);
  expect(control(copy.inputs.name.label)).toHaveValue('Ada');
});

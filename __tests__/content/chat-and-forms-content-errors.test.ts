/** @jest-environment node */
// The messages a marketer sees for mistakes in the chat script and the form texts (listed in CONTENT.md).
import { formatProblems, loadContent } from '../../src/content-model/check';
import { copyContent } from '../helpers/content-copy';

let content: ReturnType<typeof copyContent>;
beforeEach(() => (content = copyContent()));
afterEach(() => content.cleanup());

const report = () => formatProblems(loadContent(content.dir).problems);

describe('content/chat.json: every booking step has its prompt and its invalid reply', () => {
  it('names a required step without its invalid reply', () => {
    content.editJson('chat.json', (chat) => delete chat.booking.steps.email.invalid);
    expect(report()).toBe(
      "- content/chat.json: 'booking.steps.email.invalid' is missing. Add it (see CONTENT.md for an example).",
    );
  });

  it('names a step without its prompt', () => {
    content.editJson('chat.json', (chat) => delete chat.booking.steps.phone.prompt);
    expect(report()).toBe(
      "- content/chat.json: 'booking.steps.phone.prompt' is missing. Add it (see CONTENT.md for an example).",
    );
  });

  it('names an empty prompt', () => {
    content.editJson('chat.json', (chat) => (chat.booking.steps.company.prompt = ' '));
    expect(report()).toBe("- content/chat.json: 'booking.steps.company.prompt': prompt must not be empty.");
  });

  it('names a whole step that was removed', () => {
    content.editJson('chat.json', (chat) => delete chat.booking.steps.timezone);
    expect(report()).toBe(
      "- content/chat.json: 'booking.steps.timezone' is missing. Add it (see CONTENT.md for an example).",
    );
  });

  it('suggests the right name for a misspelled invalid reply', () => {
    content.editJson('chat.json', (chat) => {
      chat.booking.steps.email.invlaid = chat.booking.steps.email.invalid;
      delete chat.booking.steps.email.invalid;
    });
    expect(report()).toBe(
      [
        "- content/chat.json: 'booking.steps.email.invalid' is missing. Add it (see CONTENT.md for an example).",
        "- content/chat.json: 'booking.steps.email.invlaid' is not a known field. Did you mean 'invalid'? Rename it.",
      ].join('\n'),
    );
  });

  it('refuses an invalid reply on an optional step, which never uses one', () => {
    content.editJson('chat.json', (chat) => (chat.booking.steps.website.invalid = 'Please give a website.'));
    expect(report()).toBe(
      "- content/chat.json: 'booking.steps.website.invalid' is not a known field. Remove it, or check CONTENT.md for the fields this file takes.",
    );
  });
});

describe('content/chat.json: other script mistakes', () => {
  it('refuses a failure message without {email}', () => {
    content.editJson('chat.json', (chat) => (chat.booking.failure = 'Sorry, that did not work.'));
    expect(report()).toBe(
      "- content/chat.json: 'booking.failure': failure must contain {email}, where the site's contact e-mail address is inserted.",
    );
  });

  it('refuses a topic without keywords', () => {
    content.editJson('chat.json', (chat) => (chat.topics[0].keywords = []));
    expect(report()).toBe("- content/chat.json: 'topics[1].keywords': keywords needs at least one word or phrase.");
  });

  it('refuses a reply link to a page that does not exist', () => {
    content.editJson('chat.json', (chat) => (chat.topics[0].links = [{ label: 'Prices', to: '/prices' }]));
    // The list also names the landing pages, which marketers add and remove.
    const message = report();
    expect(message).toMatch(
      /^- content\/chat\.json: the link '\/prices' points at a page that does not exist\. Use one of: /,
    );
    const named = message.slice(message.indexOf('Use one of: ') + 12, -1).split(', ');
    expect(named).toEqual(
      expect.arrayContaining(['/', '/book', '/contact', '/pricing', '/privacy-policy', '/services', '/terms']),
    );
  });
});

describe('content/forms/*.json', () => {
  it('refuses a demo request failure message without {email}', () => {
    content.editJson('forms/contact-form.json', (form) => (form.failureMessage = 'Failed to send request.'));
    expect(report()).toBe(
      "- content/forms/contact-form.json: 'failureMessage': failureMessage must contain {email}, where the site's e-mail address is shown as a link.",
    );
  });

  it('refuses a strategy call failure message without {email}', () => {
    content.editJson('forms/booking-form.json', (form) => (form.failureMessage = 'Sorry, please try again.'));
    expect(report()).toBe(
      "- content/forms/booking-form.json: 'failureMessage': failureMessage must contain {email}, where the site's e-mail address is shown as a link.",
    );
  });

  it('names a required field without its message', () => {
    content.editJson('forms/booking-form.json', (form) => delete form.inputs.phone.requiredMessage);
    expect(report()).toBe(
      "- content/forms/booking-form.json: 'inputs.phone.requiredMessage' is missing. Add it (see CONTENT.md for an example).",
    );
  });

  it('refuses a problem list without choices', () => {
    content.editJson('forms/contact-form.json', (form) => (form.inputs.problem.options = []));
    expect(report()).toBe(
      "- content/forms/contact-form.json: 'inputs.problem.options': options must be a list of at least one choice.",
    );
  });
});

/** @jest-environment node */
import bookingJson from '../../content/forms/booking-form.json';
import contactJson from '../../content/forms/contact-form.json';
import { bookingFormCopy, contactFormCopy } from '../../src/features/forms/copy-schema';

describe('content/forms/contact-form.json', () => {
  const result = contactFormCopy.safeParse(contactJson);

  it('satisfies its schema', () => {
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });
});

describe('content/forms/booking-form.json', () => {
  const result = bookingFormCopy.safeParse(bookingJson);

  it('satisfies its schema', () => {
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });
});

describe('the copy schemas', () => {
  const messages = (input: unknown) => {
    const parsed = contactFormCopy.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('reject a failure message without the {email} placeholder, saying why', () => {
    expect(messages({ ...contactJson, failureMessage: 'Failed to send request.' })).toEqual([
      "failureMessage: failureMessage must contain {email}, where the site's e-mail address is shown as a link",
    ]);
  });

  it('reject empty texts, missing fields and unknown keys', () => {
    const { submitLabel: _omitted, ...withoutSubmit } = contactJson;
    expect(messages(withoutSubmit)).toEqual(['submitLabel: submitLabel is required']);
    expect(messages({ ...contactJson, submittingLabel: '  ' })).toEqual([
      'submittingLabel: submittingLabel must not be empty',
    ]);
    expect(messages({ ...contactJson, colour: 'purple' })).toEqual([': Unrecognized key: "colour"']);
  });

  it('reject a problem list without options', () => {
    const fields = { ...contactJson.inputs, problem: { ...contactJson.inputs.problem, options: [] } };
    expect(messages({ ...contactJson, inputs: fields })).toEqual([
      'inputs.problem.options: options must be a list of at least one choice',
    ]);
  });

  it('allow optional placeholders to be left out', () => {
    const fields = { ...bookingJson.inputs, message: { label: 'Message (optional)' } };
    expect(bookingFormCopy.safeParse({ ...bookingJson, inputs: fields }).success).toBe(true);
  });
});

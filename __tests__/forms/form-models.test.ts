import bookingJson from '../../content/forms/booking-form.json';
import contactJson from '../../content/forms/contact-form.json';
import { toBookingLead, validateBookingForm } from '../../src/features/forms/booking-form-model';
import {
  composeContactMessage,
  emptyContactForm,
  toContactLead,
  validateContactForm,
} from '../../src/features/forms/contact-form-model';
import { bookingFormCopy, contactFormCopy } from '../../src/features/forms/copy-schema';
import { clearDraft, readDraft, writeDraft } from '../../src/features/forms/draft-storage';
import { isEmailAddress } from '../../src/features/forms/validation';
import { problemOptions } from '../fixtures/spec-texts';

const contactCopy = contactFormCopy.parse(contactJson);
const bookingCopy = bookingFormCopy.parse(bookingJson);

describe('composeContactMessage', () => {
  it('writes "Problem: <option>", a blank line and "Details: <text>"', () => {
    expect(composeContactMessage(problemOptions[3], '  We miss 40 calls a week. \n')).toBe(
      `Problem: ${problemOptions[3]}\n\nDetails: We miss 40 calls a week.`,
    );
  });

  it('leaves the details line out when there are none', () => {
    expect(composeContactMessage(problemOptions[1], '   ')).toBe(`Problem: ${problemOptions[1]}`);
  });
});

describe('toContactLead', () => {
  it('trims every value and combines problem and details into the message', () => {
    expect(
      toContactLead({
        name: ' Ada ',
        email: ' ada@example.com',
        company: 'Engines ',
        problem: problemOptions[0],
        details: '',
      }),
    ).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      company: 'Engines',
      message: `Problem: ${problemOptions[0]}`,
    });
  });
});

describe('validateContactForm', () => {
  it('requires name, a well-formed email, company and one of the offered problems', () => {
    expect(validateContactForm(emptyContactForm, contactCopy)).toEqual({
      name: contactCopy.inputs.name.requiredMessage,
      email: contactCopy.inputs.email.requiredMessage,
      company: contactCopy.inputs.company.requiredMessage,
      problem: contactCopy.inputs.problem.requiredMessage,
    });
  });

  it('rejects a problem the content no longer offers (e.g. from an old draft)', () => {
    const values = { name: 'A', email: 'a@b.co', company: 'C', problem: 'Retired option', details: '' };
    expect(validateContactForm(values, contactCopy)).toEqual({ problem: contactCopy.inputs.problem.requiredMessage });
  });
});

describe('validateBookingForm', () => {
  it('requires name, email, company and phone, not the message', () => {
    expect(validateBookingForm({ name: ' ', email: 'nope', company: '', phone: '', message: '' }, bookingCopy)).toEqual(
      {
        name: bookingCopy.inputs.name.requiredMessage,
        email: bookingCopy.inputs.email.invalidMessage,
        company: bookingCopy.inputs.company.requiredMessage,
        phone: bookingCopy.inputs.phone.requiredMessage,
      },
    );
  });

  it('turns trimmed values into the consultation lead', () => {
    expect(toBookingLead({ name: ' A ', email: 'a@b.co ', company: ' C', phone: ' 1 ', message: ' ' })).toEqual({
      name: 'A',
      email: 'a@b.co',
      company: 'C',
      phone: '1',
      message: '',
    });
  });
});

describe('isEmailAddress', () => {
  it.each(['jane@company.com', ' jane.smith+ai@sub.company.com.au ', 'a@b'])('accepts %p', (email) => {
    expect(isEmailAddress(email)).toBe(true);
  });
  it.each(['jane', 'jane@', '@company.com', 'jane smith@company.com', 'jane@company..com'])('rejects %p', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });
});

describe('draft storage', () => {
  beforeEach(() => sessionStorage.clear());

  it('round-trips the known fields only', () => {
    writeDraft('test-form', { name: 'Ada', email: 'ada@example.com' });
    sessionStorage.setItem(
      'lead-form-draft:other',
      JSON.stringify({ name: 'Someone else', injected: '<script>', email: 42, savedAt: Date.now() }),
    );
    expect(readDraft('test-form', ['name', 'email'])).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(readDraft('other', ['name', 'email'])).toEqual({ name: 'Someone else' });
  });

  it('ignores corrupt or missing drafts and clears them', () => {
    sessionStorage.setItem('lead-form-draft:test-form', '{not json');
    expect(readDraft('test-form', ['name'])).toBeUndefined();
    writeDraft('test-form', { name: 'Ada' });
    clearDraft('test-form');
    expect(readDraft('test-form', ['name'])).toBeUndefined();
  });

  it('keeps working when storage throws', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(() => writeDraft('test-form', { name: 'Ada' })).not.toThrow();
    setItem.mockRestore();
  });
});

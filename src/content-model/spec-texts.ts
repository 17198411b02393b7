// The contract: every text ../shared/SPEC.md fixes word for word, and the content field that holds it. Tests
// that need one of these texts import it from here; every other text is read from the content a test renders or
// found by role. `spec-texts.test.ts` fails when a content file stops holding one of these, the reword check
// (`npm run check:reword`) changes every wording string except these, and the editor at /admin shows them read-only.

/** SPEC.md 5: the six problems on /contact, in order. */
export const problemOptions = [
  'Lead capture and qualification',
  'Customer support automation',
  'Appointment setting and scheduling',
  'Voice receptionist system',
  'Multiple AI solutions needed',
  'Other (please specify in message)',
] as const;

export const contactForm = {
  submittingLabel: 'Sending Request...',
  success: "Thanks! We'll contact you within 24 hours to schedule your demo.",
  resetLabel: 'Send another request',
  /** `{email}` becomes the site's address. */
  failure: 'Failed to send request. Please try again or email us directly at {email}',
} as const;

export const bookingForm = {
  submittingLabel: 'Booking Your Call...',
  confirmationTitle: 'Strategy Call Requested!',
  resetLabel: 'Book Another Call',
} as const;

/** SPEC.md 5 and 8: the chat's replies to an invalid answer, and its save success and failure. */
export const chat = {
  invalid: {
    full_name: "I need your name to book the call. What's your full name?",
    email: 'Please provide a valid work email address (needs @).',
    company: "What's your company name?",
    timezone: 'I need your timezone to schedule properly. What timezone are you in?',
    preferred_datetime: 'And what time that day works best for you?',
  },
  success: "Thanks, I've booked your details — our team will send you calendar options shortly.",
  /** `{email}` becomes the site's address. */
  failure:
    "Sorry, there was an issue saving your booking. Please email us directly at {email} and we'll get you sorted.",
} as const;

/** SPEC.md 2: the top navigation, and its call to action to /book. */
export const navigation = ['Services', 'Pricing', 'Contact'] as const;
export const navigationCta = 'Book a Free Strategy Call';

/** SPEC.md 2: the four plans in order, the flag on one of them and the link on each. */
export const planNames = ['Lead Capture', 'Full Bot Support', 'Voice AI', 'Enterprise'] as const;
export const mostPopularPlan = 'Full Bot Support';
export const mostPopularLabel = 'Most Popular';
export const quoteCtaLabel = 'Get Custom Quote';

/** SPEC.md 1 and 9: the marketing claims (ranges with an en dash, as typeset on the site). */
export const claims = {
  costReductionUpTo: '70%',
  costReductionRange: '50–70%',
  uptime: '99.9%',
  returnMultiple: '3–5x',
  returnWindowDays: 90,
  noShowReduction: '60%',
} as const;

/** SPEC.md 9. */
export const constants = {
  responseTimeHours: 24,
  strategyCallMinutes: 30,
  discoveryCallMinutes: 15,
} as const;

export type PinnedField = { file: string; field: string; text: string | number };

/** Where each pinned text lives in content/: the fields a marketer may not reword. */
export const pinnedFields: PinnedField[] = [
  ...problemOptions.map((text, index) => ({
    file: 'forms/contact-form.json',
    field: `inputs.problem.options[${index}]`,
    text,
  })),
  { file: 'forms/contact-form.json', field: 'submittingLabel', text: contactForm.submittingLabel },
  { file: 'forms/contact-form.json', field: 'success.message', text: contactForm.success },
  { file: 'forms/contact-form.json', field: 'success.resetLabel', text: contactForm.resetLabel },
  { file: 'forms/contact-form.json', field: 'failureMessage', text: contactForm.failure },
  { file: 'forms/booking-form.json', field: 'submittingLabel', text: bookingForm.submittingLabel },
  { file: 'forms/booking-form.json', field: 'confirmation.title', text: bookingForm.confirmationTitle },
  { file: 'forms/booking-form.json', field: 'confirmation.resetLabel', text: bookingForm.resetLabel },
  ...Object.entries(chat.invalid).map(([step, text]) => ({
    file: 'chat.json',
    field: `booking.steps.${step}.invalid`,
    text,
  })),
  { file: 'chat.json', field: 'booking.success', text: chat.success },
  { file: 'chat.json', field: 'booking.failure', text: chat.failure },
  ...navigation.map((text, index) => ({ file: 'site.json', field: `navigation[${index}].label`, text })),
  { file: 'site.json', field: 'navigationCta.label', text: navigationCta },
  ...Object.entries({ ...claims, ...constants }).map(([name, text]) => ({
    file: 'site.json',
    field: name in claims ? `claims.${name}` : name,
    text,
  })),
  ...planNames.map((text, index) => ({ file: 'plans.json', field: `[${index}].name`, text })),
  { file: 'pages/pricing.json', field: 'mostPopularLabel', text: mostPopularLabel },
  { file: 'pages/pricing.json', field: 'quoteCta.label', text: quoteCtaLabel },
];

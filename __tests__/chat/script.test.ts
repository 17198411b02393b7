import chatJson from '../../content/chat.json';
import { respond, initialState } from '../../src/features/chat/engine';
import { fillPlaceholders } from '../../src/features/chat/placeholders';
import { chatScript } from '../../src/features/chat/script-schema';
import { STEP_RULES, NOT_PROVIDED } from '../../src/features/chat/steps';
import { mentionsAny } from '../../src/features/chat/match';
import { asksToCancel, cancelDecision } from '../../src/features/chat/intent';

describe('content/chat.json', () => {
  it('satisfies the chat script schema', () => {
    const result = chatScript.safeParse(chatJson);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  const script = chatScript.parse(chatJson);

  it('holds the spec texts word for word', () => {
    expect(script.booking.success).toBe(
      "Thanks, I've booked your details — our team will send you calendar options shortly.",
    );
    expect(script.booking.failure).toBe(
      "Sorry, there was an issue saving your booking. Please email us directly at {email} and we'll get you sorted.",
    );
    expect(script.booking.steps.full_name.invalid).toBe("I need your name to book the call. What's your full name?");
    expect(script.booking.steps.email.invalid).toBe('Please provide a valid work email address (needs @).');
    expect(script.booking.steps.company.invalid).toBe("What's your company name?");
    expect(script.booking.steps.timezone.invalid).toBe(
      'I need your timezone to schedule properly. What timezone are you in?',
    );
    expect(script.booking.steps.preferred_datetime.invalid).toBe('And what time that day works best for you?');
  });

  it('listens for the spec words', () => {
    expect(script.booking.triggers).toEqual(expect.arrayContaining(['book', 'demo', 'call', 'schedule']));
    expect(script.booking.websiteSkipWords).toEqual(expect.arrayContaining(['no', "don't", 'none']));
    expect(script.booking.noPhoneWords).toEqual(expect.arrayContaining(['email', 'stick', 'no']));
    expect(script.booking.timeOfDayWords).toEqual(expect.arrayContaining(['morning', 'afternoon', 'evening']));
    expect(script.booking.meridiemWords).toEqual(expect.arrayContaining(['am', 'pm']));
    expect(script.offTopic.keywords).toEqual(
      expect.arrayContaining(['weather', 'news', 'sports', 'recipe', 'politics']),
    );
  });

  it('has suggested-reply labels that the engine understands', () => {
    const { booking, suggestions } = script;
    expect(mentionsAny(suggestions.bookCall, booking.triggers)).toBe(true);
    expect(STEP_RULES.website.accept(suggestions.skip, booking)).toBe(NOT_PROVIDED);
    expect(STEP_RULES.phone.accept(suggestions.skip, booking)).toBe(NOT_PROVIDED);
    expect(mentionsAny(suggestions.retry, booking.retryWords)).toBe(true);
    expect(asksToCancel(suggestions.cancel, booking)).toBe(true);
    expect(cancelDecision(suggestions.confirmCancel, booking)).toBe('discard');
    expect(cancelDecision(suggestions.keepBooking, booking)).toBe('keep');
  });

  it('answers each of the four services with its own reply', () => {
    const filled = fillPlaceholders(script, { email: 'hello@example.com' });
    const ask = (text: string) => respond(initialState(filled, 0), text, filled, 1).replies[0].text;
    expect(ask('Tell me about lead capture and CRM integration')).toMatch(/lead capture and CRM integration/);
    expect(ask('What does the customer support agent do?')).toMatch(/customer support agent/);
    expect(ask('How does AI appointment setting work?')).toMatch(/appointment setting/);
    expect(ask('Tell me about the AI voice receptionist')).toMatch(/voice receptionist/);
    expect(ask('What services do you offer?')).toMatch(/four areas/);
  });

  it('has unique topic ids', () => {
    const ids = [...script.topics, ...script.smallTalk].map((topic) => topic.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('rejects a script without the e-mail placeholder in the failure message, naming the field', () => {
    const broken = { ...chatJson, booking: { ...chatJson.booking, failure: 'Sorry.' } };
    const result = chatScript.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['booking', 'failure']);
    expect(result.error?.issues[0].message).toMatch(/\{email\}/);
  });

  it('rejects unknown fields', () => {
    expect(chatScript.safeParse({ ...chatJson, extra: 'x' }).success).toBe(false);
  });
});

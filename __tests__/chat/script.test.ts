/** @jest-environment node */
import chatJson from '../../content/chat.json';
import { respond, initialState } from '../../src/features/chat/engine';
import { fillPlaceholders } from '../../src/features/chat/placeholders';
import { chatScript } from '../../src/features/chat/script-schema';

describe('content/chat.json', () => {
  it('satisfies the chat script schema', () => {
    const result = chatScript.safeParse(chatJson);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  const script = chatScript.parse(chatJson);

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

  it('answers each of the four services with its own reply', () => {
    const filled = fillPlaceholders(script, { email: 'hello@example.com' });
    const ask = (text: string) => respond(initialState(filled, 0), text, filled, 1).replies[0].text;
    const reply = (id: string) => filled.topics.find((topic) => topic.id === id)!.reply;
    expect(ask('Tell me about lead capture and CRM integration')).toBe(reply('lead-capture'));
    expect(ask('What does the customer support agent do?')).toBe(reply('support-agent'));
    expect(ask('How does AI appointment setting work?')).toBe(reply('appointment-setting'));
    expect(ask('Tell me about the AI voice receptionist')).toBe(reply('voice-receptionist'));
    expect(ask('What services do you offer?')).toBe(reply('services'));
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

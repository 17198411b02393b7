import chatJson from '../../content/chat.json';
import { initialState, respond } from '../../src/features/chat/engine';
import { loadPanelOpen, savePanelOpen } from '../../src/features/chat/panel-open';
import { chatScript } from '../../src/features/chat/script-schema';
import { isChatState, type ChatState } from '../../src/features/chat/state';
import { CHAT_STORAGE_KEY, loadChatState, saveChatState } from '../../src/features/chat/storage';

const script = chatScript.parse(chatJson);
const fresh = () => initialState(script, 0);
const collecting = (): ChatState => respond(respond(fresh(), 'book', script, 1).state, 'Jane', script, 2).state;

describe('isChatState', () => {
  it('accepts the states the engine makes', () => {
    expect(isChatState(fresh())).toBe(true);
    expect(isChatState(collecting())).toBe(true);
    const confirming = respond(collecting(), 'cancel', script, 3).state;
    expect(confirming.confirmingCancel).toBe(true);
    expect(isChatState(confirming)).toBe(true);
  });

  it.each<[string, (state: ChatState) => unknown]>([
    ['another version', (state) => ({ ...state, version: 2 })],
    ['an unknown status', (state) => ({ ...state, status: 'done' })],
    ['an unknown step', (state) => ({ ...state, step: 'age' })],
    ['an answer beyond the current step', (state) => ({ ...state, answers: { ...state.answers, phone: '1' } })],
    ['a missing earlier answer', (state) => ({ ...state, answers: {} })],
    ['an idle state holding answers', (state) => ({ ...state, status: 'idle', step: null })],
    ['a saving state without every answer', (state) => ({ ...state, status: 'saving', step: null })],
    ['a message without text', (state) => ({ ...state, messages: [{ id: 'm1', isBot: true, timestamp: 0 }] })],
    ['a non-numeric timestamp', (state) => ({ ...state, messages: [{ ...state.messages[0], timestamp: 'now' }] })],
    ['bad links', (state) => ({ ...state, messages: [{ ...state.messages[0], links: [{ label: 1 }] }] })],
    ['a negative id counter', (state) => ({ ...state, nextId: -1 })],
    [
      'a cancel question outside a booking',
      (state) => ({ ...state, status: 'idle', step: null, answers: {}, confirmingCancel: true }),
    ],
    ['a cancel question flag that is not true', (state) => ({ ...state, confirmingCancel: 'yes' })],
    ['a just-booked flag during a booking', (state) => ({ ...state, justBooked: true })],
  ])('rejects %s', (_, spoil) => {
    expect(isChatState(spoil(collecting()))).toBe(false);
  });

  it.each([null, 'state', 42, [], {}])('rejects %j', (value) => expect(isChatState(value)).toBe(false));
});

describe('session storage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('round-trips the state under a versioned key', () => {
    saveChatState(window.sessionStorage, collecting());
    expect(CHAT_STORAGE_KEY).toMatch(/\.v1$/);
    expect(loadChatState(window.sessionStorage)).toEqual(collecting());
  });

  it('ignores missing, malformed or outdated data', () => {
    expect(loadChatState(window.sessionStorage)).toBeUndefined();
    window.sessionStorage.setItem(CHAT_STORAGE_KEY, '{not json');
    expect(loadChatState(window.sessionStorage)).toBeUndefined();
    window.sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify({ ...fresh(), version: 0 }));
    expect(loadChatState(window.sessionStorage)).toBeUndefined();
    expect(loadChatState(undefined)).toBeUndefined();
  });

  it('survives a storage that refuses writes', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => saveChatState(refusing, fresh())).not.toThrow();
    expect(() => savePanelOpen(refusing, true)).not.toThrow();
  });

  it('remembers whether the panel was open', () => {
    savePanelOpen(window.sessionStorage, true);
    expect(loadPanelOpen(window.sessionStorage)).toBe(true);
    savePanelOpen(window.sessionStorage, false);
    expect(loadPanelOpen(window.sessionStorage)).toBe(false);
  });
});

// Form drafts and the chat conversation are kept for the browser session, but never longer than a day.
import chatJson from '../../content/chat.json';
import { initialState } from '../../src/features/chat/engine';
import { chatScript } from '../../src/features/chat/script-schema';
import { CHAT_STORAGE_KEY, loadChatState, saveChatState } from '../../src/features/chat/storage';
import { readDraft, writeDraft } from '../../src/features/forms/draft-storage';
import { SAVED_INPUT_MAX_AGE_MS } from '../../src/lib/session-expiry';

const SAVED = new Date('2026-11-23T09:00:00Z').getTime();
const state = initialState(chatScript.parse(chatJson), SAVED);
const DRAFT_KEY = 'lead-form-draft:booking-form';

beforeEach(() => {
  sessionStorage.clear();
  jest.useFakeTimers({ now: SAVED });
});
afterEach(() => jest.useRealTimers());

it('a day is the limit', () => expect(SAVED_INPUT_MAX_AGE_MS).toBe(24 * 60 * 60 * 1000));

describe('form drafts', () => {
  it('are read back for a day, then dropped and removed from storage', () => {
    writeDraft('booking-form', { name: 'Ada', email: 'ada@example.com' });
    jest.setSystemTime(SAVED + SAVED_INPUT_MAX_AGE_MS - 1);
    expect(readDraft('booking-form', ['name', 'email'])).toEqual({ name: 'Ada', email: 'ada@example.com' });
    jest.setSystemTime(SAVED + SAVED_INPUT_MAX_AGE_MS);
    expect(readDraft('booking-form', ['name', 'email'])).toBeUndefined();
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('without a saved time (an older release) or saved in the future are dropped', () => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'Ada' }));
    expect(readDraft('booking-form', ['name'])).toBeUndefined();
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ name: 'Ada', savedAt: SAVED + 60_000 }));
    expect(readDraft('booking-form', ['name'])).toBeUndefined();
  });

  it('are stamped each time they are written, so a draft in use does not expire', () => {
    writeDraft('booking-form', { name: 'Ad' });
    jest.setSystemTime(SAVED + SAVED_INPUT_MAX_AGE_MS - 1000);
    writeDraft('booking-form', { name: 'Ada' });
    jest.setSystemTime(SAVED + SAVED_INPUT_MAX_AGE_MS + 1000);
    expect(readDraft('booking-form', ['name'])).toEqual({ name: 'Ada' });
  });
});

describe('the chat conversation', () => {
  it('is restored for a day, then dropped and removed from storage', () => {
    saveChatState(sessionStorage, state);
    jest.setSystemTime(SAVED + SAVED_INPUT_MAX_AGE_MS - 1);
    expect(loadChatState(sessionStorage)).toEqual(state);
    jest.setSystemTime(SAVED + SAVED_INPUT_MAX_AGE_MS);
    expect(loadChatState(sessionStorage)).toBeUndefined();
    expect(sessionStorage.getItem(CHAT_STORAGE_KEY)).toBeNull();
  });

  it('without a saved time (an older release) is dropped', () => {
    sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(state));
    expect(loadChatState(sessionStorage)).toBeUndefined();
  });
});

import {
  CHALLENGE_WAIT_MS,
  LEAD_TIMEOUT_MS,
  preloadLeadClient,
  submitConsultationRequest,
  submitContactMessage,
  type ConsultationLead,
  type ContactLead,
} from '../../src/lib/leads';
import { prepareLeadChallenge, takeLeadChallenge } from '../../src/lib/lead-challenge/client';
import { getSupabaseClient } from '../../src/lib/supabase-client';
import { withTrapField } from '../../src/lib/trap-field';
import { waitUntil } from '../helpers/wait-until';
import { UUID_V4 } from '../helpers/visit-events';

jest.mock('../../src/lib/supabase-client', () => ({ getSupabaseClient: jest.fn() }));
// The challenge's own behaviour is tested in lead-challenge-client.test.ts; here only what leads.ts does with it.
// By default there is no solution (as in a browser without Workers).
jest.mock('../../src/lib/lead-challenge/client', () => ({
  prepareLeadChallenge: jest.fn(),
  takeLeadChallenge: jest.fn(() => Promise.resolve(undefined)),
}));
const takeChallenge = jest.mocked(takeLeadChallenge);

type Outcome = { error: { message: string } | null; status: number };

/** A stand-in for the client: records what was inserted and answers with `respond(signal)`. */
function fakeClient(respond: (signal: AbortSignal) => Promise<Outcome>) {
  const calls: { table: string; row: unknown; signal?: AbortSignal }[] = [];
  const client = {
    from: (table: string) => ({
      insert: (row: unknown) => ({
        abortSignal: (signal: AbortSignal) => {
          calls.push({ table, row, signal });
          return respond(signal);
        },
      }),
    }),
  };
  jest.mocked(getSupabaseClient).mockReturnValue(client as unknown as ReturnType<typeof getSupabaseClient>);
  return calls;
}

const created = (): Promise<Outcome> => Promise.resolve({ error: null, status: 201 });

const consultation: ConsultationLead = {
  name: '  Ada Lovelace ',
  email: ' ada@example.com ',
  company: ' Analytical Engines ',
  phone: ' +61 400 000 000 ',
  message: ' Mornings please \n',
};

const contact: ContactLead = {
  name: ' Grace Hopper',
  email: 'grace@example.com ',
  company: ' Navy ',
  message: 'Problem: Other (please specify in message)',
};

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
  jest.useRealTimers();
  jest.mocked(getSupabaseClient).mockReset();
  takeChallenge.mockReset().mockImplementation(() => Promise.resolve(undefined));
  jest.mocked(prepareLeadChallenge).mockClear();
});

describe('submitConsultationRequest', () => {
  it('inserts the trimmed five fields into consultation_requests and reports success', async () => {
    const calls = fakeClient(created);
    await expect(submitConsultationRequest(consultation, 'booking_form')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].table).toBe('consultation_requests');
    expect(calls[0].row).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      phone: '+61 400 000 000',
      message: 'Mornings please',
      // jsdom's page is http://localhost/, reached directly: no referrer, no utm_* parameters.
      attribution: {
        surface: 'booking_form',
        landing_page: '/',
        submitted_from: '/',
        visit_id: expect.stringMatching(UUID_V4),
      },
    });
    expect(calls[0].signal).toBeInstanceOf(AbortSignal);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('keeps an empty phone and message as empty strings', async () => {
    const calls = fakeClient(created);
    await submitConsultationRequest({ ...consultation, phone: ' ', message: '' }, 'chat');
    expect(calls[0].row).toEqual(expect.objectContaining({ phone: '', message: '' }));
  });
});

describe('submitContactMessage', () => {
  it('inserts name, email, company and message, trimmed, into contact_messages', async () => {
    const calls = fakeClient(created);
    await expect(submitContactMessage(contact)).resolves.toEqual({ ok: true });
    expect(calls[0].table).toBe('contact_messages');
    expect(calls[0].row).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      message: 'Problem: Other (please specify in message)',
      attribution: {
        surface: 'contact_form',
        landing_page: '/',
        submitted_from: '/',
        visit_id: expect.stringMatching(UUID_V4),
      },
    });
  });

  it.each([undefined, '', '   '])('omits the company key when the company is %p', async (company) => {
    const calls = fakeClient(created);
    await submitContactMessage({ ...contact, company });
    expect(calls[0].row).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'Problem: Other (please specify in message)',
      attribution: {
        surface: 'contact_form',
        landing_page: '/',
        submitted_from: '/',
        visit_id: expect.stringMatching(UUID_V4),
      },
    });
    expect(calls[0].row).not.toHaveProperty('company');
  });
});

describe('failures become results, never exceptions', () => {
  it('maps an error answered by the API to "rejected" and logs it', async () => {
    fakeClient(() =>
      Promise.resolve({ error: { message: 'new row violates row-level security policy' }, status: 401 }),
    );
    await expect(submitContactMessage(contact)).resolves.toEqual({
      ok: false,
      reason: 'rejected',
      detail: 'new row violates row-level security policy',
    });
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError.mock.calls[0][0]).toContain('contact_messages (rejected)');
  });

  it('maps an error with status 0 (API unreachable, as supabase-js reports it) to "network"', async () => {
    fakeClient(() => Promise.resolve({ error: { message: 'TypeError: Failed to fetch' }, status: 0 }));
    await expect(submitConsultationRequest(consultation, 'booking_form')).resolves.toEqual({
      ok: false,
      reason: 'network',
      detail: 'TypeError: Failed to fetch',
    });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('maps a thrown fetch to "network" and logs it', async () => {
    fakeClient(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(submitConsultationRequest(consultation, 'booking_form')).resolves.toEqual({
      ok: false,
      reason: 'network',
      detail: 'Failed to fetch',
    });
    expect(consoleError.mock.calls[0][0]).toContain('consultation_requests (network)');
  });

  it('maps a client that cannot be created to "network"', async () => {
    jest.mocked(getSupabaseClient).mockImplementation(() => {
      throw new Error('GATSBY_SUPABASE_URL is set but GATSBY_SUPABASE_ANON_KEY is not');
    });
    await expect(submitContactMessage(contact)).resolves.toMatchObject({ ok: false, reason: 'network' });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it(`gives up after ${LEAD_TIMEOUT_MS} ms, aborts the request and reports "timeout"`, async () => {
    jest.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    fakeClient((signal) => {
      seenSignal = signal;
      return new Promise(() => {}); // an API that never answers
    });
    const pending = submitConsultationRequest(consultation, 'booking_form');
    let settled = false;
    void pending.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(LEAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ ok: false, reason: 'timeout' });
    expect(seenSignal?.aborted).toBe(true);
    expect(consoleError.mock.calls[0][0]).toContain('(timeout)');
  });

  it('reports "timeout" when the aborted request settles with an abort error', async () => {
    jest.useFakeTimers();
    fakeClient(
      (signal) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () =>
            resolve({ error: { message: 'AbortError: This operation was aborted' }, status: 0 }),
          ),
        ),
    );
    const pending = submitContactMessage(contact);
    await jest.advanceTimersByTimeAsync(LEAD_TIMEOUT_MS);
    await expect(pending).resolves.toMatchObject({ ok: false, reason: 'timeout' });
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('preloadLeadClient', () => {
  it('loads the client module without creating a client or throwing, and starts solving a challenge', async () => {
    expect(() => preloadLeadClient()).not.toThrow();
    expect(getSupabaseClient).not.toHaveBeenCalled();
    // The challenge's module is loaded with import(): it starts once that has resolved.
    await waitUntil('prepareLeadChallenge to be called', () => jest.mocked(prepareLeadChallenge).mock.calls, {
      until: (calls) => calls.length > 0,
      intervalMs: 5,
    });
    expect(prepareLeadChallenge).toHaveBeenCalledTimes(1);
  });
});

describe('the proof-of-work challenge', () => {
  const PAYLOAD = 'eyJhbGdvcml0aG0iOiJTSEEtMjU2In0=';

  it.each([
    ['the strategy-call request', () => submitConsultationRequest(consultation, 'chat'), 'consultation_requests'],
    ['the demo request', () => submitContactMessage(contact), 'contact_messages'],
  ])('%s carries the solved challenge as `challenge`', async (_, send, table) => {
    const calls = fakeClient(created);
    takeChallenge.mockResolvedValue(PAYLOAD);
    await expect(send()).resolves.toEqual({ ok: true });
    expect(calls[0].table).toBe(table);
    expect(calls[0].row).toMatchObject({ challenge: PAYLOAD });
    // It asks for one solution, waiting for a solve in progress no longer than CHALLENGE_WAIT_MS.
    expect(takeChallenge).toHaveBeenCalledTimes(1);
    expect(takeChallenge.mock.calls[0][0]).toBeGreaterThan(CHALLENGE_WAIT_MS - 100);
    expect(takeChallenge.mock.calls[0][0]).toBeLessThanOrEqual(CHALLENGE_WAIT_MS);
  });

  it('without a solution the lead goes without the key (the database stores it held)', async () => {
    const calls = fakeClient(created);
    await expect(submitContactMessage(contact)).resolves.toEqual({ ok: true });
    expect(calls[0].row).not.toHaveProperty('challenge');
  });

  it(`waits at most ${CHALLENGE_WAIT_MS} ms for a solve in progress, then sends without it`, async () => {
    jest.useFakeTimers();
    const calls = fakeClient(created);
    takeChallenge.mockReturnValue(new Promise(() => {})); // a solve that never ends (and ignores its bound)
    const pending = submitConsultationRequest(consultation, 'booking_form');
    await jest.advanceTimersByTimeAsync(CHALLENGE_WAIT_MS - 1);
    expect(calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0].row).not.toHaveProperty('challenge');
  });

  it('a failing challenge module never fails the lead', async () => {
    const calls = fakeClient(created);
    takeChallenge.mockRejectedValue(new Error('broken'));
    await expect(submitContactMessage(contact)).resolves.toEqual({ ok: true });
    expect(calls[0].row).not.toHaveProperty('challenge');
  });
});

describe('the trap field', () => {
  it('goes with a lead submitted inside withTrapField, as `honeypot`, cut to the column limit of 500', async () => {
    const calls = fakeClient(created);
    await withTrapField('https://spam.example', () => submitContactMessage(contact));
    await withTrapField('x'.repeat(600), () => submitConsultationRequest(consultation, 'booking_form'));
    expect(calls[0].row).toMatchObject({ honeypot: 'https://spam.example' });
    expect(calls[1].row).toMatchObject({ honeypot: 'x'.repeat(500) });
  });

  it('is left out when empty, and outside withTrapField (the chat)', async () => {
    const calls = fakeClient(created);
    await withTrapField('', () => submitContactMessage(contact));
    await submitConsultationRequest(consultation, 'chat');
    expect(calls[0].row).not.toHaveProperty('honeypot');
    expect(calls[1].row).not.toHaveProperty('honeypot');
  });
});

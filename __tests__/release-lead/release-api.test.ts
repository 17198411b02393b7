// The release page's two calls: the database functions the digest's link was made for, with the secret as their
// only argument, and their answers read into what the page shows (anything unexpected finds nothing).
import * as rpc from '../../src/lib/rpc-object';
import { heldLeadForRelease, releaseHeldLead, RELEASE_TIMEOUT_MS } from '../../src/features/release-lead/release-api';

jest.mock('../../src/lib/rpc-object', () => ({ rpcObject: jest.fn() }));
const rpcObject = jest.mocked(rpc.rpcObject);
const TOKEN = 'e'.repeat(64);
const ROW = {
  name: 'Ada Lovelace',
  company: 'Acme',
  received_at: '2026-11-25T23:04:00.123+00:00',
  hold_reason: 'honeypot',
  surface: 'chat',
  released_at: null,
};

beforeEach(() => rpcObject.mockReset());

it('reads a held lead through held_lead_for_release with the secret', async () => {
  rpcObject.mockResolvedValueOnce({ status: 'held', ...ROW });
  expect(await heldLeadForRelease(TOKEN)).toEqual({
    status: 'found',
    name: 'Ada Lovelace',
    company: 'Acme',
    receivedAt: ROW.received_at,
    holdReason: 'honeypot',
    surface: 'chat',
    releasedAt: '',
  });
  expect(rpcObject).toHaveBeenCalledWith(
    'held_lead_for_release',
    { token: TOKEN },
    RELEASE_TIMEOUT_MS,
    '[release-lead]',
  );
});

it('reads a released lead with when it was released; a lead without company or surface has them empty', async () => {
  rpcObject.mockResolvedValueOnce({ ...ROW, status: 'released', company: null, surface: null, released_at: 'R' });
  expect(await heldLeadForRelease(TOKEN)).toMatchObject({ status: 'found', company: '', surface: '', releasedAt: 'R' });
});

it.each([{ status: 'not_found' }, { status: 'surprise' }, {}])('%j finds nothing', async (answer) => {
  rpcObject.mockResolvedValueOnce(answer);
  expect(await heldLeadForRelease(TOKEN)).toEqual({ status: 'not_found' });
});

it('releases through release_held_lead_by_token with the secret', async () => {
  rpcObject.mockResolvedValueOnce({ status: 'released', name: 'Ada', company: 'Acme', released_at: 'R' });
  expect(await releaseHeldLead(TOKEN)).toEqual({ status: 'released', releasedAt: 'R' });
  expect(rpcObject).toHaveBeenCalledWith(
    'release_held_lead_by_token',
    { token: TOKEN },
    RELEASE_TIMEOUT_MS,
    '[release-lead]',
  );
  rpcObject.mockResolvedValueOnce({ status: 'already_released', released_at: 'S' });
  expect(await releaseHeldLead(TOKEN)).toEqual({ status: 'already_released', releasedAt: 'S' });
});

it.each([{ status: 'not_found' }, { status: 'not_held' }, {}])(
  'a release answered %j finds nothing',
  async (answer) => {
    rpcObject.mockResolvedValueOnce(answer);
    expect(await releaseHeldLead(TOKEN)).toEqual({ status: 'not_found' });
  },
);

it('passes a lost connection on as failed', async () => {
  const failed = { status: 'failed', detail: 'offline' } as const;
  rpcObject.mockResolvedValue(failed);
  expect(await heldLeadForRelease(TOKEN)).toEqual(failed);
  expect(await releaseHeldLead(TOKEN)).toEqual(failed);
});

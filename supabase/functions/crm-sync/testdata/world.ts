// The test world: the fake database and the three fake targets behind one fetch, the function's real config,
// RPC, HTTP and target code in front, and a clock the test moves (the database's).
import { readConfig, type Target } from '../config.ts';
import { createRpcCrmDatabase, type CrmBooking } from '../database.ts';
import { syncDueChanges } from '../run.ts';
import { secretsOf, targetSyncs } from '../targets.ts';
import { FakeCrmDatabase, type FailArgs } from './fake-database.ts';
import { hubspotFake } from './hubspot-fake.ts';
import { pipedriveFake } from './pipedrive-fake.ts';
import { webhookReceiver } from './webhook-receiver.ts';

export const SECRETS = {
  serviceKey: 'sb_secret_service-key-0123456789',
  hubspot: 'pat-eu1-0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9',
  pipedrive: '0123456789abcdef0123456789abcdef01234567',
  webhook: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  webhookPath: '/hooks/catch/123456/s3cr3tpath',
};
export const WEBHOOK_URL = `https://hooks.example.test${SECRETS.webhookPath}`;

export const HOST: CrmBooking['host'] = {
  id: 'host-1',
  name: 'Alice Host',
  email: 'Alice@Example.com',
  time_zone: 'Australia/Sydney',
};
export const SLOT = {
  starts_at: '2026-12-01T23:00:00.000Z',
  ends_at: '2026-12-01T23:30:00.000Z',
  visitor_time_zone: 'Europe/London',
  host: HOST,
};

export function world(options: { targets?: Target[]; env?: Record<string, string | undefined> } = {}) {
  const db = new FakeCrmDatabase('2026-11-28T09:00:00.000Z');
  db.turnOn(...(options.targets ?? ['hubspot', 'pipedrive', 'webhook']));
  const hubspot = hubspotFake({
    token: SECRETS.hubspot,
    owners: [
      { id: '501', email: 'alice@example.com', firstName: 'Alice', lastName: 'Host', userId: 9001 },
      { id: '502', email: 'bob@example.com', firstName: 'Bob', lastName: 'Seller', userId: 9002 },
    ],
  });
  const pipedrive = pipedriveFake({
    token: SECRETS.pipedrive,
    users: [
      { id: 1, name: 'API user', email: 'crm-bot@example.com' },
      { id: 7, name: 'Alice Host', email: 'alice@example.com' },
    ],
  });
  let receiverStatus: () => number = () => 204;
  const receiver = webhookReceiver(SECRETS.webhook, { now: () => db.now, status: () => receiverStatus() });
  const webhookRequests: Request[] = [];

  const handlers: Record<string, (request: Request) => Promise<Response>> = {
    'http://db.invalid': db.handler,
    'https://api.hubapi.test': hubspot.handler,
    'https://acme.pipedrive.test': pipedrive.handler,
    'https://hooks.example.test': (request) => {
      webhookRequests.push(request.clone());
      return receiver.handler(request);
    },
  };
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const handler = handlers[new URL(request.url).origin];
    if (!handler) throw new TypeError(`no route to ${new URL(request.url).origin}`);
    return await handler(request);
  }) as typeof fetch;

  const env: Record<string, string | undefined> = {
    SUPABASE_URL: 'http://db.invalid',
    SUPABASE_SERVICE_ROLE_KEY: SECRETS.serviceKey,
    HUBSPOT_ACCESS_TOKEN: SECRETS.hubspot,
    HUBSPOT_API_BASE: 'https://api.hubapi.test',
    PIPEDRIVE_API_TOKEN: SECRETS.pipedrive,
    PIPEDRIVE_COMPANY_DOMAIN: 'acme',
    PIPEDRIVE_API_BASE: 'https://acme.pipedrive.test',
    CRM_WEBHOOK_URL: WEBHOOK_URL,
    CRM_WEBHOOK_SECRET: SECRETS.webhook,
    ...options.env,
  };
  const logs: string[] = [];

  function run() {
    const config = readConfig(env);
    const now = () => new Date(db.now);
    return syncDueChanges({
      database: createRpcCrmDatabase(fetchImpl, config),
      targets: targetSyncs(config.targets, { fetch: fetchImpl, timeoutMs: 1000, now }),
      backoff: config.backoff,
      pauseAfterSeconds: config.pauseAfterSeconds,
      pauseAfterAttempts: config.pauseAfterAttempts,
      secrets: [...secretsOf(config.targets), config.serviceKey],
      random: () => 0.5,
      now,
      log: (line) => logs.push(line),
    });
  }

  const failCalls = () =>
    db.calls.filter((call) => call.name === 'fail_crm_change').map((call) => call.args as FailArgs);

  return {
    db,
    hubspot,
    pipedrive,
    receiver,
    webhookRequests,
    env,
    logs,
    run,
    failCalls,
    fetch: fetchImpl,
    setReceiverStatus: (status: () => number) => {
      receiverStatus = status;
    },
  };
}

/** The lead's row as a visitor's request stores it. */
export const ADA = {
  name: 'Ada  Lovelace',
  email: ' Ada@Example.com ',
  company: 'Analytical Engines Ltd',
  phone: '+44 20 7946 0000',
  message: 'Our leads die in a spreadsheet.',
  attribution: { utm_source: 'newsletter', utm_campaign: 'autumn' },
};

/** @jest-environment node */
// `npm run backend` (and so `npm start`) runs the CRM sync (issue 46) only when a CRM setting is in the environment
// it starts in (dev/crm/local.ts): with none, nothing changes (no Deno process); with some, one line names them and
// never repeats a value, and crm-sync runs each second against the local (embedded) database: a lead for the
// webhook turned on reaches a receiver on this machine once.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { AddressInfo } from 'node:net';
import { crmSettingsFrom, crmSyncLine, startLocalCrmSync } from '../../dev/crm/local';
import { CRM_SETTINGS, type CrmSyncRunner } from '../../dev/crm/runner';
import { runsAnsweredSince } from '../../dev/deno-function';
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY, startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';
import { waitUntil } from '../helpers/wait-until';

jest.setTimeout(60_000);

test('with no CRM setting in the environment no crm-sync process is started', async () => {
  const started = await startLocalCrmSync({
    apiUrl: 'http://127.0.0.1:9',
    serviceKey: 'unused',
    env: { PATH: process.env.PATH, HOME: '/home/someone', HUBSPOT_ACCESS_TOKEN: '  ', NOTIFY_TO: 'a@example.com' },
  });
  expect(started).toBeUndefined();
});

test('the settings taken are the CRM ones set; the line names them without their values', () => {
  const env = {
    PATH: '/usr/bin',
    HUBSPOT_ACCESS_TOKEN: 'pat-na1-secret-value',
    CRM_WEBHOOK_URL: 'https://hooks.example.com/abc',
    CRM_WEBHOOK_SECRET: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
    PIPEDRIVE_API_TOKEN: '',
  };
  const settings = crmSettingsFrom(env);
  expect(settings).toEqual({
    HUBSPOT_ACCESS_TOKEN: 'pat-na1-secret-value',
    CRM_WEBHOOK_URL: 'https://hooks.example.com/abc',
    CRM_WEBHOOK_SECRET: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
  });
  const line = crmSyncLine(settings);
  expect(line.split('\n')).toHaveLength(1);
  for (const name of Object.keys(settings)) expect(line).toContain(name);
  for (const value of Object.values(settings)) expect(line).not.toContain(value);
  expect(line).toContain('npm run leads -- crm on <target>');
  expect(CRM_SETTINGS).toEqual([
    'HUBSPOT_ACCESS_TOKEN',
    'HUBSPOT_API_BASE',
    'PIPEDRIVE_API_TOKEN',
    'PIPEDRIVE_COMPANY_DOMAIN',
    'PIPEDRIVE_API_BASE',
    'CRM_WEBHOOK_URL',
    'CRM_WEBHOOK_SECRET',
  ]);
});

describe('with the webhook settings: crm-sync under Deno against the local database', () => {
  let api: TestApi;
  let runner: CrmSyncRunner | undefined;
  let receiver: http.Server;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    api = await startTestApi({ backend: 'pglite' });
    // A lead alone in its minute goes at once.
    await api.sql('update private.lead_guard_settings set settle_after_per_minute = 1000');
  }, 90_000);
  afterAll(async () => {
    await runner?.close();
    await Promise.all([api?.close(), new Promise((resolve) => receiver?.close(resolve))]);
  });

  test('a lead queued for the webhook turned on reaches the receiver once, signed; the line names no value', async () => {
    const { port } = receiver.address() as AddressInfo;
    const secret = `whsec_${Buffer.from('local-crm-sync-test-secret').toString('base64')}`;
    const started = await startLocalCrmSync({
      apiUrl: api.url,
      serviceKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
      env: { CRM_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`, CRM_WEBHOOK_SECRET: secret },
      log: (line) => lines.push(line),
    });
    runner = started!.runner;
    expect(started!.line).not.toContain(secret);
    expect(started!.line).not.toContain(String(port));

    const { error } = await api.service.rpc('set_crm_target' as never, { target: 'webhook', turned_on: true } as never);
    expect(error).toBeNull();
    const email = uniqueEmail('local-crm');
    const insert = await api.anon.from('contact_messages').insert({ name: 'Ada', email, message: 'Hello' });
    expect(insert.error).toBeNull();

    await waitUntil('the webhook event', () => received.length === 1);
    const [event] = received;
    expect(event.headers['webhook-id']).toEqual(expect.any(String));
    expect(event.headers['webhook-signature']).toMatch(/^v1,/);
    // Verified as a receiver would, with the Standard Webhooks library; times in one form (UTC, "Z").
    const verified = new Webhook(secret).verify(event.body, event.headers as Record<string, string>) as {
      timestamp: string;
      data: { lead: { created_at: string } };
    };
    expect(verified).toMatchObject({ type: 'lead.created', data: { lead: { email } } });
    for (const instant of [verified.timestamp, verified.data.lead.created_at]) {
      expect(instant).toBe(new Date(instant).toISOString());
    }
    // The change is recorded as sent, so later runs send nothing more.
    const mark = runner.runs();
    await waitUntil('two more runs', () => runsAnsweredSince(mark, runner!.runs()) >= 2);
    expect(received).toHaveLength(1);
    for (const line of lines) expect(line).not.toContain(secret);
  });
});

// A stateful fake of HubSpot's date-versioned CRM API (2026-09), answering as the real one does for the calls
// crm-sync makes: owners by e-mail, contacts read and upserted by e-mail (case-insensitive, one contact per
// address), notes and meetings created with their association to a contact, read in batches, meetings updated,
// and HubSpot's error shapes (401 INVALID_AUTHENTICATION for a revoked token, 400 VALIDATION_ERROR, 404
// OBJECT_NOT_FOUND, scripted 429/5xx, a 5xx after the write). A plain `(Request) => Promise<Response>` handler
// over in-memory state, no Deno API: a Node test server can serve it too.
import { FaultScript, json, type Fault } from './fault-script.ts';

const V = '2026-09';

export type HubSpotRecord = { id: string; properties: Record<string, string>; associations: Set<string> };
export type HubSpotOwner = { id: string; email: string; firstName: string; lastName: string; userId: number };

export type HubSpotState = {
  token: string;
  revoked: boolean;
  owners: HubSpotOwner[];
  contacts: Map<string, HubSpotRecord>;
  meetings: Map<string, HubSpotRecord>;
  notes: Map<string, HubSpotRecord>;
  requests: { method: string; path: string; body: unknown }[];
};

const error = (status: number, category: string, message: string, extra: Record<string, unknown> = {}) =>
  json({ status: 'error', message, correlationId: '00000000-0000-4000-8000-00000000c0de', category, ...extra }, status);

export function hubspotFake(options: { token: string; owners?: HubSpotOwner[] }) {
  const state: HubSpotState = {
    token: options.token,
    revoked: false,
    owners: options.owners ?? [],
    contacts: new Map(),
    meetings: new Map(),
    notes: new Map(),
    requests: [],
  };
  const faults = new FaultScript();
  let nextId = 1000;
  const now = () => '2026-11-01T00:00:00.000Z';

  const view = (record: HubSpotRecord, properties?: string[]) => ({
    id: record.id,
    properties: properties
      ? Object.fromEntries(
          [...properties, 'hs_object_id'].map((name) => [
            name,
            name === 'hs_object_id' ? record.id : (record.properties[name] ?? null),
          ]),
        )
      : { ...record.properties, hs_object_id: record.id },
    createdAt: now(),
    updatedAt: now(),
    archived: false,
  });

  const contactByEmail = (email: string) =>
    [...state.contacts.values()].find((contact) => contact.properties.email?.toLowerCase() === email.toLowerCase());

  function validOwner(properties: Record<string, string>) {
    const owner = properties.hubspot_owner_id;
    return !owner || state.owners.some((candidate) => candidate.id === owner);
  }

  const collections: Record<string, Map<string, HubSpotRecord>> = {
    contacts: state.contacts,
    meetings: state.meetings,
    notes: state.notes,
  };
  const ASSOCIATION_TYPES: Record<string, number> = { meetings: 200, notes: 202 };

  // The request's JSON, read field by field as the real API would (a missing field answers as the API does).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function route(method: string, url: URL, body: any): Promise<Response> {
    const path = url.pathname;
    if (method === 'GET' && path === `/crm/owners/${V}`) {
      const email = url.searchParams.get('email');
      const results = state.owners.filter((owner) => !email || owner.email.toLowerCase() === email.toLowerCase());
      return json({ results });
    }
    if (method === 'POST' && path === `/crm/objects/${V}/contacts/batch/read`) {
      if (body?.idProperty !== 'email') return error(400, 'VALIDATION_ERROR', 'idProperty email expected by this fake');
      const found = body.inputs.map((input: { id: string }) => contactByEmail(input.id));
      const missing = body.inputs
        .filter((_: unknown, index: number) => !found[index])
        .map((input: { id: string }) => input.id);
      const results = found.filter(Boolean).map((contact: HubSpotRecord) => view(contact, body.properties));
      const answer = {
        status: 'COMPLETE',
        results,
        startedAt: now(),
        completedAt: now(),
        ...(missing.length > 0
          ? {
              numErrors: 1,
              errors: [
                {
                  status: 'error',
                  category: 'OBJECT_NOT_FOUND',
                  message: 'Could not get some CONTACT objects, they may be deleted or not exist.',
                  context: { ids: missing },
                },
              ],
            }
          : {}),
      };
      return json(answer, missing.length > 0 ? 207 : 200);
    }
    if (method === 'POST' && path === `/crm/objects/${V}/contacts/batch/upsert`) {
      const results = [];
      for (const input of body?.inputs ?? []) {
        if (input.idProperty !== 'email' || !input.id) {
          return error(400, 'VALIDATION_ERROR', 'Upsert by email needs idProperty "email" and an id');
        }
        if (!validOwner(input.properties ?? {})) {
          return error(400, 'VALIDATION_ERROR', `Property values were not valid: hubspot_owner_id`);
        }
        let contact = contactByEmail(input.id);
        const isNew = !contact;
        if (!contact) {
          contact = { id: String(nextId++), properties: { email: input.id.toLowerCase() }, associations: new Set() };
          state.contacts.set(contact.id, contact);
        }
        // Upsert sets every property it is sent (the caller decides what not to overwrite).
        Object.assign(contact.properties, input.properties ?? {});
        results.push({ ...view(contact), new: isNew });
      }
      return json({ status: 'COMPLETE', results, startedAt: now(), completedAt: now() });
    }
    const one = path.match(new RegExp(`^/crm/objects/${V}/(contacts|meetings|notes)/([^/]+)$`));
    if (method === 'GET' && one) {
      const record = collections[one[1]].get(one[2]);
      if (!record) return error(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.');
      const types = (url.searchParams.get('associations') ?? '').split(',').filter(Boolean);
      const associations = Object.fromEntries(
        types
          .map((type) => [
            type,
            [...record.associations]
              .filter((key) => key.startsWith(`${type}/`))
              .map((key) => ({
                id: key.split('/')[1],
                type: `contact_to_${type.replace(/s$/, '')}`,
              })),
          ])
          .filter(([, results]) => (results as unknown[]).length > 0)
          .map(([type, results]) => [type, { results }]),
      );
      return json({ ...view(record), ...(Object.keys(associations).length > 0 ? { associations } : {}) });
    }
    if (method === 'PATCH' && one && one[1] !== 'contacts') {
      const record = collections[one[1]].get(one[2]);
      if (!record) return error(404, 'OBJECT_NOT_FOUND', 'Object not found.  objectId are usually numeric.');
      if (!validOwner(body?.properties ?? {}))
        return error(400, 'VALIDATION_ERROR', 'Property values were not valid: hubspot_owner_id');
      Object.assign(record.properties, body?.properties ?? {});
      return json(view(record));
    }
    const batchRead = path.match(new RegExp(`^/crm/objects/${V}/(meetings|notes)/batch/read$`));
    if (method === 'POST' && batchRead) {
      const results = (body?.inputs ?? [])
        .map((input: { id: string }) => collections[batchRead[1]].get(String(input.id)))
        .filter(Boolean)
        .map((record: HubSpotRecord) => view(record, body.properties));
      return json({ status: 'COMPLETE', results, startedAt: now(), completedAt: now() });
    }
    const create = path.match(new RegExp(`^/crm/objects/${V}/(meetings|notes)$`));
    if (method === 'POST' && create) {
      const type = create[1];
      const properties = body?.properties ?? {};
      if (!properties.hs_timestamp) {
        return error(400, 'VALIDATION_ERROR', 'Property values were not valid: hs_timestamp is required');
      }
      if (!validOwner(properties))
        return error(400, 'VALIDATION_ERROR', 'Property values were not valid: hubspot_owner_id');
      const contacts: string[] = [];
      for (const association of body?.associations ?? []) {
        const contact = state.contacts.get(String(association.to?.id));
        const kind = association.types?.[0];
        if (!contact || kind?.associationTypeId !== ASSOCIATION_TYPES[type]) {
          return error(400, 'VALIDATION_ERROR', 'One or more associations are invalid');
        }
        contacts.push(contact.id);
      }
      const record: HubSpotRecord = { id: String(nextId++), properties: { ...properties }, associations: new Set() };
      collections[type].set(record.id, record);
      for (const id of contacts) {
        record.associations.add(`contacts/${id}`);
        state.contacts.get(id)!.associations.add(`${type}/${record.id}`);
      }
      return json(view(record), 201);
    }
    return error(404, 'OBJECT_NOT_FOUND', `No route for ${method} ${path}`);
  }

  async function handler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    state.requests.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
    if (state.revoked || request.headers.get('authorization') !== `Bearer ${state.token}`) {
      return error(
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
    }
    return await faults.respond(
      request.method,
      url.pathname,
      () => route(request.method, url, body),
      (status) =>
        status === 429
          ? {
              status: 'error',
              message: 'You have reached your secondly limit.',
              errorType: 'RATE_LIMIT',
              policyName: 'SECONDLY',
            }
          : { status: 'error', message: 'internal error', category: 'INTERNAL_ERROR' },
    );
  }

  return {
    handler,
    state,
    /** The next request(s) to `route` ("POST /crm/objects/2026-09/meetings") answer `fault`. */
    fail: (route: string, fault: Fault) => faults.add(route, fault),
    /** The token stops working (the service key was deleted or rotated). */
    revoke: () => {
      state.revoked = true;
    },
  };
}

export type HubSpotFake = ReturnType<typeof hubspotFake>;

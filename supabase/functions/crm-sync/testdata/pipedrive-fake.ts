// A stateful fake of Pipedrive's API for the calls crm-sync makes: v2 persons (exact-match, case-insensitive
// e-mail search; create), v1 leads (origin_id set at creation; listed by person), v1 notes, v1 users found by
// e-mail, v2 activities (created, listed by person, patched), with Pipedrive's answers ({success, data} and
// {success: false, error, errorCode, error_info}): 401 for a regenerated or revoked token, scripted 429/5xx and a
// 5xx after the write. A plain `(Request) => Promise<Response>` handler over in-memory state, no Deno API.
import { FaultScript, json, type Fault } from './fault-script.ts';

export type PipedrivePerson = {
  id: number;
  name: string;
  emails: { value: string; primary: boolean; label: string }[];
  phones: unknown[];
};
export type PipedriveLead = {
  id: string;
  title: string;
  person_id: number;
  origin_id: string | null;
  channel_id: string | null;
};
export type PipedriveNote = { id: number; content: string; lead_id: string | null };
export type PipedriveActivity = Record<string, unknown> & {
  id: number;
  person_id: number;
  note: string | null;
  done: boolean;
  subject: string;
};
export type PipedriveUser = { id: number; name: string; email: string };

export type PipedriveState = {
  token: string;
  revoked: boolean;
  users: PipedriveUser[];
  persons: Map<number, PipedrivePerson>;
  leads: Map<string, PipedriveLead>;
  notes: Map<number, PipedriveNote>;
  activities: Map<number, PipedriveActivity>;
  requests: { method: string; path: string; body: unknown }[];
};

const failure = (status: number, error: string, extra: Record<string, unknown> = {}) =>
  json(
    {
      success: false,
      error,
      errorCode: status,
      error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
      data: null,
      additional_data: null,
      ...extra,
    },
    status,
  );

const ok = (data: unknown, status = 200, additional: Record<string, unknown> | null = null) =>
  json({ success: true, data, additional_data: additional }, status);

export function pipedriveFake(options: { token: string; users?: PipedriveUser[] }) {
  const state: PipedriveState = {
    token: options.token,
    revoked: false,
    users: options.users ?? [{ id: 1, name: 'API user', email: 'api-user@example.com' }],
    persons: new Map(),
    leads: new Map(),
    notes: new Map(),
    activities: new Map(),
    requests: [],
  };
  const faults = new FaultScript();
  let nextId = 100;
  let nextLead = 1;
  const tokenUser = () => state.users[0].id;

  const ACTIVITY_FIELDS = [
    'subject',
    'type',
    'due_date',
    'due_time',
    'duration',
    'done',
    'busy',
    'owner_id',
    'note',
    'lead_id',
    'participants',
  ];

  // The request's JSON, read field by field as the real API would (a missing field answers as the API does).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function route(method: string, url: URL, body: any): Promise<Response> {
    const path = url.pathname;
    const query = url.searchParams;
    if (method === 'GET' && path === '/api/v2/persons/search') {
      const term = (query.get('term') ?? '').trim().toLowerCase();
      if (query.get('fields') !== 'email' || query.get('exact_match') !== 'true') {
        return failure(400, 'this fake answers only fields=email&exact_match=true');
      }
      const items = [...state.persons.values()]
        .filter((person) => person.emails.some((email) => email.value.toLowerCase() === term))
        .map((person) => ({
          result_score: 1,
          item: { id: person.id, type: 'person', name: person.name, emails: person.emails.map((e) => e.value) },
        }));
      return ok({ items }, 200, { next_cursor: null });
    }
    if (method === 'POST' && path === '/api/v2/persons') {
      if (!body?.name)
        return failure(400, 'Validation failed: name: Required', { code: 'ERR_SCHEMA_VALIDATION_FAILED' });
      const person: PipedrivePerson = {
        id: nextId++,
        name: body.name,
        emails: body.emails ?? [],
        phones: body.phones ?? [],
      };
      state.persons.set(person.id, person);
      return ok({ ...person, owner_id: body.owner_id ?? tokenUser() });
    }
    if (method === 'GET' && path === '/api/v1/users/find') {
      const term = (query.get('term') ?? '').toLowerCase();
      const found = state.users.filter((user) =>
        query.get('search_by_email') === '1'
          ? user.email.toLowerCase() === term
          : user.name.toLowerCase().includes(term),
      );
      return ok(found.length > 0 ? found : null);
    }
    if (method === 'GET' && path === '/api/v1/leads') {
      const personId = Number(query.get('person_id'));
      return ok([...state.leads.values()].filter((lead) => !query.has('person_id') || lead.person_id === personId));
    }
    if (method === 'POST' && path === '/api/v1/leads') {
      if (!body?.title) return failure(400, 'Validation failed: title: Required');
      if (!state.persons.has(body.person_id)) return failure(400, 'Person not found');
      const lead: PipedriveLead = {
        id: `adf21080-0e10-11eb-879b-${String(nextLead++).padStart(12, '0')}`,
        title: body.title,
        person_id: body.person_id,
        origin_id: body.origin_id ?? null,
        channel_id: body.channel_id ?? null,
      };
      state.leads.set(lead.id, lead);
      return ok({ ...lead, owner_id: body.owner_id ?? tokenUser(), origin: 'API', source_name: 'API' }, 201);
    }
    if (method === 'GET' && path === '/api/v1/notes') {
      const leadId = query.get('lead_id');
      return ok([...state.notes.values()].filter((note) => !leadId || note.lead_id === leadId));
    }
    if (method === 'POST' && path === '/api/v1/notes') {
      if (!body?.content) return failure(400, 'Content is empty');
      if (body.lead_id && !state.leads.has(body.lead_id)) return failure(404, 'Lead not found');
      const note: PipedriveNote = { id: nextId++, content: body.content, lead_id: body.lead_id ?? null };
      state.notes.set(note.id, note);
      return ok(note);
    }
    if (method === 'GET' && path === '/api/v2/activities') {
      const personId = Number(query.get('person_id'));
      const data = [...state.activities.values()].filter(
        (activity) => !query.has('person_id') || activity.person_id === personId,
      );
      return ok(data, 200, { next_cursor: null });
    }
    if (method === 'POST' && path === '/api/v2/activities') {
      if (!state.persons.has(body?.person_id)) return failure(400, 'Person not found');
      if (body.owner_id && !state.users.some((user) => user.id === body.owner_id))
        return failure(400, 'Owner not found');
      const activity: PipedriveActivity = {
        id: nextId++,
        person_id: body.person_id,
        note: null,
        done: false,
        subject: '',
        owner_id: tokenUser(),
        ...Object.fromEntries(Object.entries(body).filter(([key]) => ACTIVITY_FIELDS.includes(key))),
      };
      state.activities.set(activity.id, activity);
      return ok(activity);
    }
    const activityPath = path.match(/^\/api\/v2\/activities\/(\d+)$/);
    if (method === 'PATCH' && activityPath) {
      const activity = state.activities.get(Number(activityPath[1]));
      if (!activity) return failure(404, 'Activity not found');
      Object.assign(
        activity,
        Object.fromEntries(Object.entries(body ?? {}).filter(([key]) => ACTIVITY_FIELDS.includes(key))),
      );
      return ok(activity);
    }
    return failure(404, `Unknown method ${method} ${path}`);
  }

  async function handler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    state.requests.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
    const token = request.headers.get('x-api-token') ?? url.searchParams.get('api_token');
    if (state.revoked || token !== state.token) return failure(401, 'unauthorized access');
    return await faults.respond(
      request.method,
      url.pathname,
      () => route(request.method, url, body),
      (status) => ({
        success: false,
        error: status === 429 ? 'Request over limit' : 'Internal server error',
        errorCode: status,
      }),
    );
  }

  return {
    handler,
    state,
    fail: (route: string, fault: Fault) => faults.add(route, fault),
    /** The token was regenerated: the old one is refused from now on. */
    revoke: () => {
      state.revoked = true;
    },
  };
}

export type PipedriveFake = ReturnType<typeof pipedriveFake>;

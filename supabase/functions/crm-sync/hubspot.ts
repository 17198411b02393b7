// HubSpot (README-api.md): the contact upserted by e-mail, filling only its empty properties; a note with the
// request; each booked call a meeting associated with the contact, owned by the host's HubSpot user, its outcome
// following the booking. Date-versioned CRM API (/crm/objects/2026-09/…) with a service key as Bearer token.
import type { HubSpotSettings } from './config.ts';
import type { ClaimedCrmChange, CrmBooking, CrmLead } from './database.ts';
import { isGone, requestJson, type Explain, type HttpDeps } from './http.ts';
import { attributionLines, normaliseEmail, requestLabel, splitName, whoLabel } from './people.ts';
import {
  bookingMarker,
  escapeHtml,
  leadMarker,
  meetingState,
  utcInstant,
  type MeetingState,
  type Recorder,
  type TargetSync,
} from './target.ts';

export const HUBSPOT_API_VERSION = '2026-09';
const V = HUBSPOT_API_VERSION;

// HubSpot-defined association types: meeting → contact, note → contact.
const MEETING_TO_CONTACT = 200;
const NOTE_TO_CONTACT = 202;

const OUTCOMES: Record<MeetingState, string> = {
  scheduled: 'SCHEDULED',
  rescheduled: 'RESCHEDULED',
  cancelled: 'CANCELED',
  completed: 'COMPLETED',
  no_show: 'NO_SHOW',
  moved: 'RESCHEDULED',
};

const CONTACT_PROPERTIES = ['email', 'firstname', 'lastname', 'company', 'phone', 'lifecyclestage', 'hubspot_owner_id'];

const explain: Explain = (status, _detail, said) => {
  if (status === 401) {
    return `reconnect HubSpot: HUBSPOT_ACCESS_TOKEN was refused (the service key was deleted, rotated or revoked); create a service key in HubSpot (Development > Keys > Service keys) and set the secret again — ${said}`;
  }
  if (status === 403) {
    return `give the HubSpot service key the scopes in docs/crm.md (contacts, owners, meetings and notes) and set HUBSPOT_ACCESS_TOKEN again — ${said}`;
  }
  if (status === 404) {
    return `HubSpot has no such record (deleted or merged in HubSpot) or HUBSPOT_API_BASE names the wrong data centre — ${said}`;
  }
  return `HubSpot refused the data (a required property or validation rule of the HubSpot account?) — ${said}`;
};

type HubSpotObject = { id: string; properties: Record<string, string | null> };
type Batch = { results?: HubSpotObject[] };

function noteBody(lead: CrmLead): string {
  const lines = [
    `${requestLabel(lead.request)} request from the website`,
    ...(lead.company ? [`Company: ${lead.company}`] : []),
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...(lead.message ? ['', lead.message] : []),
    ...(lead.attribution ? ['', 'Source:', ...attributionLines(lead.attribution)] : []),
    '',
    leadMarker(lead),
  ];
  return escapeHtml(lines.join('\n'));
}

function meetingUpdate(booking: CrmBooking, ownerId: string | null): Record<string, string> {
  return {
    hs_timestamp: utcInstant(booking.starts_at),
    hs_meeting_start_time: utcInstant(booking.starts_at),
    hs_meeting_end_time: utcInstant(booking.ends_at),
    hs_meeting_outcome: OUTCOMES[meetingState(booking)],
    ...(ownerId ? { hubspot_owner_id: ownerId } : {}),
  };
}

function meetingCreate(lead: CrmLead, booking: CrmBooking, ownerId: string | null): Record<string, string> {
  const body = [
    ...(lead.company ? [`Company: ${lead.company}`] : []),
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...(booking.visitor_time_zone ? [`Visitor's time zone: ${booking.visitor_time_zone}`] : []),
    ...(lead.message ? ['', lead.message] : []),
  ];
  return {
    hs_meeting_title: `${requestLabel(lead.request)} with ${whoLabel(lead.name, lead.company)}`,
    hs_meeting_body: escapeHtml(body.join('\n')),
    // Found again by this line when the meeting's id was not stored (a crash, or a 5xx after HubSpot wrote).
    hs_internal_meeting_notes: `${bookingMarker(booking.id)} (synced from the website booking; keep this line)`,
    ...meetingUpdate(booking, ownerId),
  };
}

export function hubspotSync(settings: HubSpotSettings, deps: HttpDeps): TargetSync {
  const owners = new Map<string, Promise<string | null>>();

  const call = <T>(method: string, path: string, body?: unknown) =>
    requestJson<T>(
      deps,
      {
        method,
        url: `${settings.apiBase}${path}`,
        headers: { authorization: `Bearer ${settings.accessToken}` },
        body,
        what: `HubSpot ${method} ${path.split('?')[0]}`,
      },
      explain,
    );

  /** The owner (HubSpot user) with the host's e-mail; null when the host is no HubSpot user. */
  const ownerFor = (email: string | null): Promise<string | null> => {
    if (!email?.trim()) return Promise.resolve(null);
    const key = normaliseEmail(email);
    if (!owners.has(key)) {
      const found = call<Batch>('GET', `/crm/owners/${V}?email=${encodeURIComponent(key)}&limit=1`).then(
        (answer) => answer?.results?.[0]?.id ?? null,
      );
      // A failed look-up is asked again by the next change.
      found.catch(() => owners.delete(key));
      owners.set(key, found);
    }
    return owners.get(key)!;
  };

  /** Creates or completes the contact by e-mail: only properties it lacks are sent, an owner never replaced. */
  async function upsertContact(lead: CrmLead, ownerId: string | null): Promise<string> {
    const email = normaliseEmail(lead.email);
    const read = await call<Batch>('POST', `/crm/objects/${V}/contacts/batch/read`, {
      idProperty: 'email',
      inputs: [{ id: email }],
      properties: CONTACT_PROPERTIES,
    });
    const existing = read?.results?.[0];
    const { first, last } = splitName(lead.name);
    const wanted: Record<string, string | null> = {
      email,
      firstname: first,
      lastname: last,
      company: lead.company,
      phone: lead.phone,
      lifecyclestage: 'lead',
      hubspot_owner_id: ownerId,
    };
    const missing = Object.fromEntries(
      Object.entries(wanted).filter(([name, value]) => value && !existing?.properties?.[name]),
    ) as Record<string, string>;
    if (existing && Object.keys(missing).length === 0) return existing.id;
    // Upsert by e-mail, not create: two changes racing for one person still make one contact.
    const upserted = await call<Batch>('POST', `/crm/objects/${V}/contacts/batch/upsert`, {
      inputs: [{ idProperty: 'email', id: email, properties: missing }],
    });
    const id = upserted?.results?.[0]?.id;
    if (!id) throw new Error('HubSpot upserted no contact');
    return id;
  }

  /** The contact's associated object (notes, meetings) whose `property` holds `marker`, if any. */
  async function findAssociated(contactId: string, type: string, property: string, marker: string) {
    const contact = await call<{ associations?: Record<string, { results?: { id: string }[] }> }>(
      'GET',
      `/crm/objects/${V}/contacts/${contactId}?associations=${type}&properties=email`,
    );
    const ids = [...new Set((contact?.associations?.[type]?.results ?? []).map((result) => String(result.id)))];
    if (ids.length === 0) return undefined;
    const read = await call<Batch>('POST', `/crm/objects/${V}/${type}/batch/read`, {
      inputs: ids.map((id) => ({ id })),
      properties: [property],
    });
    return read?.results?.find((object) => object.properties?.[property]?.includes(marker))?.id;
  }

  async function createAssociated(type: string, properties: Record<string, string>, contactId: string, kind: number) {
    const created = await call<HubSpotObject>('POST', `/crm/objects/${V}/${type}`, {
      properties,
      associations: [
        { to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: kind }] },
      ],
    });
    if (!created?.id) throw new Error(`HubSpot created no ${type}`);
    return created.id;
  }

  async function syncNote(job: ClaimedCrmChange, contactId: string, record: Recorder) {
    if (job.remote.note) return;
    const marker = leadMarker(job.lead);
    const found = await findAssociated(contactId, 'notes', 'hs_note_body', marker);
    const id =
      found ??
      (await createAssociated(
        'notes',
        { hs_timestamp: job.lead.created_at, hs_note_body: noteBody(job.lead) },
        contactId,
        NOTE_TO_CONTACT,
      ));
    await record('note', id);
  }

  async function syncMeeting(
    job: ClaimedCrmChange,
    booking: CrmBooking,
    contactId: string,
    ownerId: string | null,
    record: Recorder,
  ): Promise<string | void> {
    let meetingId = job.remote.meeting;
    if (!meetingId) {
      meetingId = await findAssociated(contactId, 'meetings', 'hs_internal_meeting_notes', bookingMarker(booking.id));
      if (!meetingId) {
        const created = await createAssociated(
          'meetings',
          meetingCreate(job.lead, booking, ownerId),
          contactId,
          MEETING_TO_CONTACT,
        );
        await record('meeting', created);
        return;
      }
      await record('meeting', meetingId);
    }
    try {
      await call('PATCH', `/crm/objects/${V}/meetings/${meetingId}`, { properties: meetingUpdate(booking, ownerId) });
    } catch (error) {
      // Someone deleted the meeting in HubSpot: theirs to decide, so it is not made again (nor does HubSpot pause).
      if (isGone(error)) return `meeting ${meetingId} was deleted in HubSpot and is left deleted`;
      throw error;
    }
  }

  return async (job, record) => {
    const ownerId = job.booking ? await ownerFor(job.booking.host.email) : null;
    const contactId = await upsertContact(job.lead, ownerId);
    if (job.remote.contact !== contactId) await record('contact', contactId);
    if (job.booking) return await syncMeeting(job, job.booking, contactId, ownerId, record);
    await syncNote(job, contactId, record);
  };
}

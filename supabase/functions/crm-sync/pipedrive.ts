// Pipedrive (README-api.md): the person found by exact e-mail or created; a lead with the request (and a note
// with its details); each booked call a meeting activity on the person and lead, owned by the host's Pipedrive
// user, done once attended, a no-show or a cancellation written on it. API v2 where it exists (persons,
// activities), v1 for leads, notes and users; the API token goes in the x-api-token header, never the URL.
import type { PipedriveSettings } from './config.ts';
import type { ClaimedCrmChange, CrmBooking, CrmLead } from './database.ts';
import { CrmError, isGone, requestJson, type Explain, type HttpDeps } from './http.ts';
import { attributionLines, cleanName, normaliseEmail, requestLabel, whoLabel } from './people.ts';
import {
  bookingMarker,
  escapeHtml,
  leadMarker,
  meetingState,
  type MeetingState,
  type Recorder,
  type TargetSync,
} from './target.ts';

const explain: Explain = (status, _detail, said) => {
  if (status === 401) {
    return `the Pipedrive API token was regenerated or revoked, or its user deactivated (a token belongs to one user and breaks when regenerated): copy the current token from Pipedrive (Personal preferences > API) into PIPEDRIVE_API_TOKEN — ${said}`;
  }
  if (status === 403) {
    return `the Pipedrive user of PIPEDRIVE_API_TOKEN may not do this (API access or permission set) — ${said}`;
  }
  if (status === 404) {
    return `Pipedrive has no such record (deleted or merged in Pipedrive) or PIPEDRIVE_COMPANY_DOMAIN names another company — ${said}`;
  }
  return `Pipedrive refused the data (a required field of the Pipedrive account?) — ${said}`;
};

type Answer<T> = { success?: boolean; data?: T };

/** Pipedrive refusing a person id: 404, or the 400 "Person not found" of a create that names it. */
const personGone = (error: unknown) =>
  error instanceof CrmError &&
  (error.status === 404 || (error.status === 400 && /person not found/i.test(error.message)));
type Activity = { id: number; note?: string | null };

const pad = (value: number) => String(value).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const SUBJECT_PREFIXES: Partial<Record<MeetingState, string>> = {
  cancelled: 'Cancelled: ',
  no_show: 'No-show: ',
  moved: 'Moved: ',
};

/** The activity as the booking is now. */
function activityFields(lead: CrmLead, booking: CrmBooking, ownerId: number | null) {
  const start = new Date(booking.starts_at);
  const minutes = Math.max(0, Math.round((Date.parse(booking.ends_at) - start.getTime()) / 60_000));
  const state = meetingState(booking);
  const prefix = SUBJECT_PREFIXES[state] ?? '';
  return {
    subject: `${prefix}${requestLabel(lead.request)} with ${whoLabel(lead.name, lead.company)}`,
    type: 'meeting',
    due_date: booking.starts_at.slice(0, 10),
    due_time: `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}`,
    duration: hhmm(minutes),
    // Attended (at its time or, moved, at another), or cancelled: nothing left to do; a no-show stays open, on the
    // owner's list to follow up.
    done: state === 'completed' || state === 'moved' || state === 'cancelled',
    busy: state !== 'cancelled',
    ...(ownerId ? { owner_id: ownerId } : {}),
  };
}

function activityNote(lead: CrmLead, booking: CrmBooking): string {
  const state = meetingState(booking);
  const lines = [
    ...(state === 'no_show' ? ['The visitor did not show up.'] : []),
    ...(state === 'moved' ? ['The visitor came at another time, arranged outside the booking.'] : []),
    ...(state === 'cancelled' ? ['The call was cancelled.'] : []),
    ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
    ...(booking.visitor_time_zone ? [`Visitor's time zone: ${booking.visitor_time_zone}`] : []),
    ...(lead.message ? ['', lead.message] : []),
    '',
    `${bookingMarker(booking.id)} (synced from the website booking; keep this line)`,
  ];
  return escapeHtml(lines.join('\n'));
}

export function pipedriveSync(settings: PipedriveSettings, deps: HttpDeps): TargetSync {
  const users = new Map<string, Promise<number | null>>();

  const call = <T>(method: string, path: string, body?: unknown) =>
    requestJson<Answer<T>>(
      deps,
      {
        method,
        url: `${settings.apiBase}${path}`,
        headers: { 'x-api-token': settings.apiToken },
        body,
        what: `Pipedrive ${method} ${path.split('?')[0]}`,
      },
      explain,
    ).then((answer) => answer?.data ?? null);

  /** The Pipedrive user with the host's e-mail; null when the host is none (the token's user owns it then). */
  const userFor = (email: string | null): Promise<number | null> => {
    if (!email?.trim()) return Promise.resolve(null);
    const key = normaliseEmail(email);
    if (!users.has(key)) {
      const found = call<{ id: number; email: string }[] | null>(
        'GET',
        `/api/v1/users/find?term=${encodeURIComponent(key)}&search_by_email=1`,
      ).then((found) => found?.find((user) => normaliseEmail(user.email) === key)?.id ?? null);
      found.catch(() => users.delete(key));
      users.set(key, found);
    }
    return users.get(key)!;
  };

  async function syncPerson(job: ClaimedCrmChange, record: Recorder): Promise<number> {
    if (job.remote.person) return Number(job.remote.person);
    const email = normaliseEmail(job.lead.email);
    const search = await call<{ items?: { item: { id: number } }[] }>(
      'GET',
      `/api/v2/persons/search?term=${encodeURIComponent(email)}&fields=email&exact_match=true&limit=1`,
    );
    let id = search?.items?.[0]?.item.id;
    if (!id) {
      const created = await call<{ id: number }>('POST', '/api/v2/persons', {
        name: cleanName(job.lead.name),
        emails: [{ value: email, primary: true, label: 'work' }],
        ...(job.lead.phone ? { phones: [{ value: job.lead.phone, primary: true, label: 'work' }] } : {}),
      });
      id = created?.id;
      if (!id) throw new Error('Pipedrive created no person');
    }
    await record('person', String(id));
    return id;
  }

  async function syncLead(job: ClaimedCrmChange, personId: number, record: Recorder): Promise<string> {
    const { lead } = job;
    const origin = leadMarker(lead);
    let leadId = job.remote.lead;
    if (!leadId) {
      const existing = await call<{ id: string; origin_id?: string | null }[]>(
        'GET',
        `/api/v1/leads?person_id=${personId}&limit=500`,
      );
      leadId = existing?.find((candidate) => candidate.origin_id === origin)?.id;
      if (!leadId) {
        const created = await call<{ id: string }>('POST', '/api/v1/leads', {
          title: `${requestLabel(lead.request)}: ${whoLabel(lead.name, lead.company)}`,
          person_id: personId,
          // Set once at creation; how a retry finds this lead again.
          origin_id: origin,
          channel_id: typeof lead.attribution?.utm_source === 'string' ? lead.attribution.utm_source : undefined,
        });
        leadId = created?.id;
        if (!leadId) throw new Error('Pipedrive created no lead');
      }
      await record('lead', leadId);
    }
    if (!job.remote.note) {
      const notes = await call<{ id: number; content: string }[]>('GET', `/api/v1/notes?lead_id=${leadId}&limit=500`);
      let noteId = notes?.find((note) => note.content.includes(origin))?.id;
      if (!noteId) {
        const lines = [
          ...(lead.company ? [`Company: ${lead.company}`] : []),
          ...(lead.phone ? [`Phone: ${lead.phone}`] : []),
          ...(lead.message ? ['', lead.message] : []),
          ...(lead.attribution ? ['', 'Source:', ...attributionLines(lead.attribution)] : []),
          '',
          origin,
        ];
        const created = await call<{ id: number }>('POST', '/api/v1/notes', {
          content: escapeHtml(lines.join('\n')),
          lead_id: leadId,
        });
        noteId = created?.id;
        if (!noteId) throw new Error('Pipedrive created no note');
      }
      await record('note', String(noteId));
    }
    return leadId;
  }

  async function syncActivity(
    job: ClaimedCrmChange,
    booking: CrmBooking,
    personId: number,
    record: Recorder,
  ): Promise<string | void> {
    const ownerId = await userFor(booking.host.email);
    const fields = activityFields(job.lead, booking, ownerId);
    const note = activityNote(job.lead, booking);
    let activityId = job.remote.activity;
    if (!activityId) {
      const existing = await call<Activity[]>('GET', `/api/v2/activities?person_id=${personId}&limit=500`);
      const found = existing?.find((activity) => activity.note?.includes(bookingMarker(booking.id)))?.id;
      if (!found) {
        const created = await call<Activity>('POST', '/api/v2/activities', {
          ...fields,
          note,
          person_id: personId,
          ...(job.remote.lead ? { lead_id: job.remote.lead } : {}),
          participants: [{ person_id: personId, primary: true }],
        });
        if (!created?.id) throw new Error('Pipedrive created no activity');
        await record('activity', String(created.id));
        return;
      }
      activityId = String(found);
      await record('activity', activityId);
    }
    try {
      await call('PATCH', `/api/v2/activities/${activityId}`, { ...fields, note });
    } catch (error) {
      if (isGone(error)) return `activity ${activityId} was deleted in Pipedrive and is left deleted`;
      throw error;
    }
  }

  const syncChange = async (job: ClaimedCrmChange, record: Recorder) => {
    const personId = await syncPerson(job, record);
    if (job.booking) return await syncActivity(job, job.booking, personId, record);
    await syncLead(job, personId, record);
  };

  return async (job, record) => {
    try {
      return await syncChange(job, record);
    } catch (error) {
      if (!job.remote.person || !personGone(error)) throw error;
      // The stored person was deleted or merged into another since: found again by e-mail (the one it was merged
      // into), or made anew, instead of pausing Pipedrive over a change a salesperson made.
      return await syncChange({ ...job, remote: { ...job.remote, person: undefined } }, record);
    }
  };
}

/** @jest-environment node */
// Every case of the hostile-input corpus sent raw (no trimming) to the local data API with the anon key,
// as each column of a lead: it is stored exactly as sent, or refused with a PostgREST error (4xx and a
// code), never a 500 and never part of a row. Read back with the service key. Then `npm run leads`
// prints every stored row as inert text.
import type { Database } from '../../src/lib/database.types';
import { formatListing } from '../../dev/leads';
import { toInertText } from '../../supabase/functions/_shared/inert-text';
import { startTestApi, uniqueEmail, type TestApi } from '../helpers/local-api';
import { HOSTILE_INPUTS, caseLabel, type ApiField, type HostileCase } from '../fixtures/hostile-inputs';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api?.close());

type Row = Record<string, string | null>;
type Tables = Database['public']['Tables'];
type ContactInsert = Tables['contact_messages']['Insert'];
type ConsultationInsert = Tables['consultation_requests']['Insert'];
function insert(table: 'contact_messages' | 'consultation_requests', row: Row) {
  return table === 'contact_messages'
    ? api.anon.from(table).insert(row as ContactInsert)
    : api.anon.from(table).insert(row as ConsultationInsert);
}

const valid = (email: string) => ({
  name: 'Valid Name',
  email,
  company: 'Valid Co',
  phone: '0400 000 000',
  message: 'Valid message',
});

/** The row sent for a case in one column; `marker` finds it again (the e-mail, or the name when the case is the e-mail). */
function rowFor(entry: HostileCase, field: ApiField, serial: number) {
  const marker = field === 'email' ? `hostile-${entry.id}-${serial}` : uniqueEmail(`hostile-${serial}`);
  const base = field === 'email' ? { ...valid(entry.value), name: marker } : valid(marker);
  const row: Row = { ...base, [field]: entry.value };
  if (field === 'message') {
    delete row.phone;
    return { table: 'contact_messages' as const, row, marker, markerColumn: 'email' };
  }
  return {
    table: 'consultation_requests' as const,
    row,
    marker,
    markerColumn: field === 'email' ? 'name' : 'email',
  };
}

const fields: ApiField[] = ['name', 'email', 'company', 'phone', 'message'];
const runs = HOSTILE_INPUTS.flatMap((entry) => fields.map((field) => [caseLabel(entry), field, entry] as const));
let serial = 0;

describe.each(fields)('as %s', (field) => {
  it.each(runs.filter((run) => run[1] === field))('%s', async (_label, _field, entry) => {
    const { table, row, marker, markerColumn } = rowFor(entry, field, (serial += 1));
    const { error, status } = await insert(table, row);
    // Read back with the service key, through the API (PGlite's own result decoder drops a leading BOM).
    const { data, error: readError } = await api.service.from(table).select('*').eq(markerColumn, marker);
    expect(readError).toBeNull();
    const stored = (data ?? []) as Row[];
    const expected = entry.expected.api[field];

    expect(status).not.toBeGreaterThanOrEqual(500);
    if (error) {
      // Refused: a PostgREST-shaped client error, and nothing of the row stored.
      expect(status).toBe(400);
      expect(error.code).toMatch(/^(23514|22021|22P05|22001)$/);
      expect(stored).toHaveLength(0);
      expect(expected === 'refused' || expected === 'either').toBe(true);
    } else {
      expect(status).toBe(201);
      expect(stored).toHaveLength(1);
      for (const [column, value] of Object.entries(row))
        expect({ column, value: stored[0][column] }).toEqual({ column, value });
      expect(expected === 'stored' || expected === 'either').toBe(true);
    }
  });
});

it('answers 400, not 500, to NUL anywhere in a row, and stores nothing', async () => {
  for (const field of fields) {
    const { table, row, marker, markerColumn } = rowFor(
      HOSTILE_INPUTS.find((entry) => entry.id === 'nul-inside')!,
      field,
      (serial += 1),
    );
    const { error, status } = await insert(table, row);
    expect({ field, status, code: error?.code }).toEqual({ field, status: 400, code: '22021' });
    expect(await api.sql(`select 1 from ${table} where ${markerColumn} = $1`, [marker])).toHaveLength(0);
  }
});

it('prints every stored hostile row through `npm run leads` as inert text', async () => {
  for (const table of ['consultation_requests', 'contact_messages'] as const) {
    const { data } = await api.service.from(table).select('*').order('created_at', { ascending: false });
    const rows = (data ?? []) as Row[];
    expect(rows.length).toBeGreaterThan(50);
    const text = formatListing({ table, rows });
    // No terminal control character or bidirectional override survives; line breaks only as new lines.
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    // Markup is printed as the characters typed (a terminal does not interpret it).
    for (const row of rows) {
      if (row.message && /<script>/.test(row.message)) expect(text).toContain(toInertText(row.message).split('\n')[0]);
    }
  }
});

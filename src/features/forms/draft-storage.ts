// Unsent form input kept for the browser session, so a reload or a failed submission loses nothing.
import { readSaved, removeSaved, sessionStore, writeSaved } from '../../lib/session-store';
import type { FormValues } from './validation';

const keyFor = (formId: string) => `lead-form-draft:${formId}`;

/** The saved values of the known fields, ignoring anything else stored under the key. */
export function readDraft<F extends string>(formId: string, fields: readonly F[]): Partial<FormValues<F>> | undefined {
  const saved = readSaved(keyFor(formId), sessionStore());
  if (!saved) return undefined;
  const draft: Partial<FormValues<F>> = {};
  for (const field of fields) {
    const value = saved[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return draft;
}

export function writeDraft<F extends string>(formId: string, values: FormValues<F>): void {
  writeSaved(keyFor(formId), values, sessionStore());
}

export function clearDraft(formId: string): void {
  removeSaved(keyFor(formId), sessionStore());
}

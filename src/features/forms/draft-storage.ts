// Unsent form input kept in sessionStorage, so a reload or a failed submission loses nothing. Storage can
// be unavailable (privacy modes, quota); then drafts are simply not kept.
import { isFreshlySaved, withSavedAt } from '../../lib/session-expiry';
import type { FormValues } from './validation';

const keyFor = (formId: string) => `lead-form-draft:${formId}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The saved values of the known fields, ignoring anything else stored under the key. */
export function readDraft<F extends string>(formId: string, fields: readonly F[]): Partial<FormValues<F>> | undefined {
  try {
    const raw = storage()?.getItem(keyFor(formId));
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    if (!isFreshlySaved(parsed as Record<string, unknown>)) {
      clearDraft(formId);
      return undefined;
    }
    const draft: Partial<FormValues<F>> = {};
    for (const field of fields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') draft[field] = value;
    }
    return draft;
  } catch {
    return undefined;
  }
}

export function writeDraft<F extends string>(formId: string, values: FormValues<F>): void {
  try {
    storage()?.setItem(keyFor(formId), JSON.stringify(withSavedAt(values)));
  } catch {
    // Quota or privacy mode: the form still works, only without a draft.
  }
}

export function clearDraft(formId: string): void {
  try {
    storage()?.removeItem(keyFor(formId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

// What the components read when they mount: the state the visitor left in the DOM before hydration (see
// ./script.ts). The DOM is the source of truth until React attaches; each reader also clears the marks, so
// the same input is adopted once.
import { EARLY_EDITED_ATTRIBUTE, EARLY_SUBMIT_ATTRIBUTE } from './attributes';

/** Whether the visitor opened this toggle (menu, chat launcher) before hydration. */
export const expandedBeforeHydration = (button: HTMLElement | null): boolean =>
  button?.getAttribute('aria-expanded') === 'true';

/** Whether the form was submitted before hydration; clears the mark. */
export function takeEarlySubmit(form: HTMLFormElement | null): boolean {
  if (!form?.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return false;
  form.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
  return true;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The values a form starts with when it mounts: what each control shows (typed, pasted, autofilled or
 * restored by the browser on back/forward) wins; a stored draft fills only the fields the visitor has not
 * touched in this page view (still showing their initial value and never typed into), and only with what the
 * visitor gave (an empty draft value leaves a preset choice, such as a landing page's problem, in place).
 * `fromPage` says whether anything came from the DOM.
 */
export function adoptFieldValues<F extends string>(
  controls: ReadonlyMap<string, HTMLElement>,
  fields: readonly F[],
  initial: Record<F, string>,
  draft: Partial<Record<F, string>> | undefined,
): { values: Record<F, string>; fromPage: boolean } {
  const values = { ...initial };
  let fromPage = false;
  for (const field of fields) {
    const control = controls.get(field) as Control | undefined;
    const shown = control?.value ?? '';
    const touched = control?.hasAttribute(EARLY_EDITED_ATTRIBUTE) ?? false;
    control?.removeAttribute(EARLY_EDITED_ATTRIBUTE);
    if (shown !== initial[field] || touched) {
      values[field] = shown;
      fromPage = fromPage || shown !== initial[field];
    } else if (draft?.[field]) {
      values[field] = draft[field]!;
    }
  }
  return { values, fromPage };
}

// The behaviour both lead forms share: values with a session draft, validation shown from the first
// submit attempt, the submission state machine, the honeypot, and where focus goes after each step.
// What the visitor typed or submitted before hydration is adopted on mount (src/early-input/). Starting a form
// (its first focus or input) loads the lead client and starts solving the lead's proof-of-work challenge.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { adoptFieldValues, takeEarlySubmit } from '../../early-input/adopt';
import { countVisitEvent } from '../../insights/count';
import { preloadLeadClient, type LeadResult } from '../../lib/leads';
import { withTrapField } from '../../lib/trap-field';
import { clearDraft, readDraft, writeDraft } from './draft-storage';
import { HONEYPOT_NAME } from './Honeypot';
import type { FieldErrors, FormValues } from './validation';

/** editing → submitting → succeeded | failed; failed accepts another submit, succeeded waits for reset. */
export type SubmissionStatus = 'editing' | 'submitting' | 'succeeded' | 'failed';

export type LeadFormOptions<F extends string> = {
  /** Names the draft in sessionStorage and prefixes element ids. */
  formId: string;
  /** In display order: the first invalid one gets focus. */
  fields: readonly F[];
  emptyValues: FormValues<F>;
  validate: (values: FormValues<F>) => FieldErrors<F>;
  submit: (values: FormValues<F>) => Promise<LeadResult>;
};

/** What a field component needs to render one control with its label and error. */
export type BoundField = {
  id: string;
  name: string;
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
  inputRef: (element: HTMLElement | null) => void;
};

/**
 * Interacting with the form again this long after it last prepared a submission prepares again: a challenge solved
 * when the visitor started may have gone stale, and after a submission the next lead needs a new one.
 */
const PREPARE_AGAIN_AFTER_MS = 60_000;

/** Where focus goes next: a field, or the outcome message; `request` makes a repeated target move focus again. */
type FocusTarget<F extends string> = ({ kind: 'field'; field: F } | { kind: 'status' }) & { request: number };

export function useLeadForm<F extends string>({ formId, fields, emptyValues, validate, submit }: LeadFormOptions<F>) {
  const [values, setValues] = useState<FormValues<F>>(emptyValues);
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<SubmissionStatus>('editing');
  // What the last successful submission sent: the form itself is emptied then, but what follows it (the time
  // picker after a /book request) needs to know whose request it was.
  const [submitted, setSubmitted] = useState<FormValues<F> | undefined>();
  const [honeypot, setHoneypot] = useState('');
  const [focus, setFocus] = useState<FocusTarget<F> | undefined>();
  const inFlight = useRef(false);
  const preparedAt = useRef<number | undefined>(undefined);
  const elements = useRef(new Map<string, HTMLElement>());
  const statusMessage = useRef<HTMLElement | null>(null);
  const formElement = useRef<HTMLFormElement | null>(null);
  const [submitOnMount, setSubmitOnMount] = useState(false);
  // Counted once per form in a page view, when the visitor first types into it (src/insights/count.ts).
  const started = useRef(false);

  // Values set by script without a React change event (some autofill and password tools set .value and
  // dispatch a plain input or change event, which React's value tracking ignores) still reach the state.
  const formRef = useCallback((form: HTMLFormElement | null) => {
    const previous = formElement.current;
    previous?.removeEventListener('input', syncFromControl);
    previous?.removeEventListener('change', syncFromControl);
    formElement.current = form;
    form?.addEventListener('input', syncFromControl);
    form?.addEventListener('change', syncFromControl);
    // syncFromControl uses only refs, the state setter and the fixed form id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After mount, not in the initial state, so the server-rendered HTML and hydration agree: what the fields
  // show (typed before hydration, autofilled, restored by the browser) and, where they are untouched, the
  // draft. A submit pressed before hydration is carried out with those values.
  useEffect(() => {
    const { values: adopted, fromPage } = adoptFieldValues(
      elements.current,
      fields,
      emptyValues,
      readDraft(formId, fields),
    );
    setValues(adopted);
    if (fromPage) {
      writeDraft(formId, adopted);
      handleInput();
    }
    // The hidden trap is never adopted: before hydration only the browser (autofill, restore) can have
    // filled it, and that must not turn a person's lead into a silently dropped "bot" one.
    const trap = formElement.current?.elements.namedItem(HONEYPOT_NAME);
    if (trap instanceof HTMLInputElement) trap.value = '';
    if (takeEarlySubmit(formElement.current)) setSubmitOnMount(true);
    // Only on mount: the field list and id are fixed for a form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus moves after the render that shows the target, so its new text and ARIA state are announced.
  useEffect(() => {
    if (!focus) return;
    const element = focus.kind === 'status' ? statusMessage.current : elements.current.get(focus.field);
    element?.focus();
  }, [focus]);

  const requestFocus = useCallback(
    (target: { kind: 'field'; field: F } | { kind: 'status' }) =>
      setFocus((last) => ({ ...target, request: (last?.request ?? 0) + 1 })),
    [],
  );

  const errors = useMemo<FieldErrors<F>>(() => (attempted ? validate(values) : {}), [attempted, validate, values]);

  /** Applies changed values (one draft write however many change); unchanged values leave the state as it is. */
  const updateValues = (changes: Partial<FormValues<F>>) => {
    setValues((current) => {
      if ((Object.keys(changes) as F[]).every((field) => current[field] === changes[field])) return current;
      const next = { ...current, ...changes };
      writeDraft(formId, next);
      return next;
    });
  };

  const setValue = (field: F, value: string) => updateValues({ [field]: value } as Partial<FormValues<F>>);

  function syncFromControl(event: Event) {
    const control = event.target as HTMLInputElement;
    const field = fields.find((name) => elements.current.get(name) === control);
    if (field) setValue(field, control.value);
  }

  const bind = (field: F): BoundField => ({
    id: `${formId}-${field}`,
    name: field,
    value: values[field],
    error: errors[field],
    onValueChange: (value) => setValue(field, value),
    inputRef: (element) => {
      if (element) elements.current.set(field, element);
      else elements.current.delete(field);
    },
  });

  /**
   * What the fields show now. The state can trail them by a render: a value set by script (autofill, or
   * input that made React finish hydrating) reaches it through an update that a submit in the same moment
   * would not yet see.
   */
  const shownValues = (): FormValues<F> => {
    const shown = { ...values };
    for (const field of fields) {
      const control = elements.current.get(field) as HTMLInputElement | undefined;
      if (control) shown[field] = control.value;
    }
    return shown;
  };

  /** What the trap field holds now: a bot may set its value by script, which no change event reports. */
  const trapShown = (): string => {
    const trap = formElement.current?.elements.namedItem(HONEYPOT_NAME);
    return trap instanceof HTMLInputElement ? trap.value : honeypot;
  };

  const submitValues = async () => {
    if (inFlight.current) return;
    const shown = shownValues();
    updateValues(shown);
    setAttempted(true);
    const invalid = validate(shown);
    const firstInvalid = fields.find((field) => invalid[field]);
    if (firstInvalid) {
      requestFocus({ kind: 'field', field: firstInvalid });
      return;
    }
    inFlight.current = true;
    setStatus('submitting');
    // A filled honeypot goes with the lead: the database stores it held, kept from the team's inbox, and the
    // answer is the one a person gets. A person whose browser filled it is delayed, never lost.
    const result = await submitSafely(() => withTrapField(trapShown(), () => submit(shown)));
    inFlight.current = false;
    preparedAt.current = undefined;
    if (result.ok) {
      clearDraft(formId);
      setSubmitted(shown);
      setValues(emptyValues);
      setAttempted(false);
      setHoneypot('');
      setStatus('succeeded');
    } else {
      setStatus('failed');
    }
    requestFocus({ kind: 'status' });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitValues();
  };

  // Runs after the render that holds the adopted values, so the submit sees them.
  useEffect(() => {
    if (!submitOnMount) return;
    setSubmitOnMount(false);
    void submitValues();
    // submitValues is recreated every render; this runs once, right after the adopting render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitOnMount]);

  const reset = useCallback(() => {
    clearDraft(formId);
    setValues(emptyValues);
    setAttempted(false);
    setHoneypot('');
    setStatus('editing');
    requestFocus({ kind: 'field', field: fields[0] });
  }, [emptyValues, fields, formId, requestFocus]);

  function handleInput() {
    prepareOnInteraction();
    if (started.current) return;
    started.current = true;
    countVisitEvent('form_started');
  }

  function prepareOnInteraction() {
    const now = Date.now();
    if (preparedAt.current !== undefined && now - preparedAt.current < PREPARE_AGAIN_AFTER_MS) return;
    preparedAt.current = now;
    preloadLeadClient();
  }

  return {
    status,
    values,
    submitted,
    errors,
    bind,
    reset,
    /** Ref for whichever element shows the outcome; it receives focus when the outcome arrives. */
    statusMessageRef: (element: HTMLElement | null) => {
      statusMessage.current = element;
    },
    honeypot: { id: `${formId}-website`, value: honeypot, onValueChange: setHoneypot },
    formProps: {
      ref: formRef,
      noValidate: true,
      onSubmit: handleSubmit,
      onFocus: prepareOnInteraction,
      onInput: handleInput,
      'aria-busy': status === 'submitting',
    },
  };
}

/** leads.ts never rejects; this only guards against a broken contract leaving the button spinning. */
async function submitSafely(send: () => Promise<LeadResult>): Promise<LeadResult> {
  try {
    return await send();
  } catch (error) {
    console.error('[forms] Lead submission threw instead of returning a result:', error);
    return { ok: false, reason: 'network', detail: String(error) };
  }
}

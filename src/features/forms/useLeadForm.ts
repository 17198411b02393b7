// The behaviour both lead forms share: values with a session draft, validation shown from the first
// submit attempt, the submission state machine, the honeypot, and where focus goes after each step.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { preloadLeadClient, type LeadResult } from '../../lib/leads';
import { clearDraft, readDraft, writeDraft } from './draft-storage';
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

type FocusTarget = { target: string; request: number };

export function useLeadForm<F extends string>({ formId, fields, emptyValues, validate, submit }: LeadFormOptions<F>) {
  const [values, setValues] = useState<FormValues<F>>(emptyValues);
  const [attempted, setAttempted] = useState(false);
  const [status, setStatus] = useState<SubmissionStatus>('editing');
  const [honeypot, setHoneypot] = useState('');
  const [focus, setFocus] = useState<FocusTarget | undefined>();
  const inFlight = useRef(false);
  const preloaded = useRef(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const statusMessage = useRef<HTMLElement | null>(null);

  // Restored after mount, not in the initial state, so the server-rendered HTML and hydration agree.
  useEffect(() => {
    const draft = readDraft(formId, fields);
    if (draft && Object.keys(draft).length > 0) setValues((current) => ({ ...current, ...draft }));
    // Only on mount: the field list and id are fixed for a form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Focus moves after the render that shows the target, so its new text and ARIA state are announced.
  useEffect(() => {
    if (!focus) return;
    const element = focus.target === STATUS_MESSAGE ? statusMessage.current : elements.current.get(focus.target);
    element?.focus();
  }, [focus]);

  const requestFocus = useCallback(
    (target: string) => setFocus((last) => ({ target, request: (last?.request ?? 0) + 1 })),
    [],
  );

  const errors = useMemo<FieldErrors<F>>(() => (attempted ? validate(values) : {}), [attempted, validate, values]);

  const setValue = (field: F, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      writeDraft(formId, next);
      return next;
    });
  };

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

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setAttempted(true);
    const firstInvalid = fields.find((field) => validate(values)[field]);
    if (firstInvalid) {
      requestFocus(firstInvalid);
      return;
    }
    inFlight.current = true;
    setStatus('submitting');
    // A filled honeypot means a bot: acknowledge exactly as for a person, store nothing.
    const result: LeadResult = honeypot ? { ok: true } : await submitSafely(submit, values);
    inFlight.current = false;
    if (result.ok) {
      clearDraft(formId);
      setValues(emptyValues);
      setAttempted(false);
      setHoneypot('');
      setStatus('succeeded');
    } else {
      setStatus('failed');
    }
    requestFocus(STATUS_MESSAGE);
  };

  const reset = useCallback(() => {
    clearDraft(formId);
    setValues(emptyValues);
    setAttempted(false);
    setHoneypot('');
    setStatus('editing');
    requestFocus(fields[0]);
  }, [emptyValues, fields, formId, requestFocus]);

  const preloadOnFirstInteraction = () => {
    if (preloaded.current) return;
    preloaded.current = true;
    preloadLeadClient();
  };

  return {
    status,
    values,
    errors,
    bind,
    reset,
    /** Ref for whichever element shows the outcome; it receives focus when the outcome arrives. */
    statusMessageRef: (element: HTMLElement | null) => {
      statusMessage.current = element;
    },
    honeypot: { id: `${formId}-website`, value: honeypot, onValueChange: setHoneypot },
    formProps: {
      noValidate: true,
      onSubmit: handleSubmit,
      onFocus: preloadOnFirstInteraction,
      onInput: preloadOnFirstInteraction,
      'aria-busy': status === 'submitting',
    },
  };
}

const STATUS_MESSAGE = '\u0000status-message';

/** leads.ts never rejects; this only guards against a broken contract leaving the button spinning. */
async function submitSafely<V>(submit: (values: V) => Promise<LeadResult>, values: V): Promise<LeadResult> {
  try {
    return await submit(values);
  } catch (error) {
    console.error('[forms] Lead submission threw instead of returning a result:', error);
    return { ok: false, reason: 'network', detail: String(error) };
  }
}

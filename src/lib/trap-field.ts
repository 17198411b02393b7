// The forms' hidden trap field (src/features/forms/Honeypot.tsx) on its way to the lead: useLeadForm runs a
// form's submission inside withTrapField, and leads.ts reads the value when a submit function is called, so the
// lead goes out with `honeypot` filled and the database stores it held (a bot sees the same success as a person).
// A module of its own, so that tests which replace leads.ts with a mock still run the forms' submissions.

let trapValue = '';

/**
 * Runs `send` with the trap field's value attached to the lead it submits. The submit functions of leads.ts read
 * it when they are called, so `send` must call one at once, not after an await (useLeadForm's forms do: their
 * submit is `values => submitX(toLead(values))`).
 */
export function withTrapField<T>(value: string, send: () => T): T {
  const outer = trapValue;
  trapValue = value;
  try {
    return send();
  } finally {
    trapValue = outer;
  }
}

/** The trap field's value for the submission being made now ('' outside withTrapField, and for the chat). */
export function trapFieldValue(): string {
  return trapValue;
}

// The team's sign-in with an e-mailed one-time code: an address and "send code", then the 6-digit code and "sign in".
// After "send code" the page says the same thing whatever Supabase Auth answered (./sign-in-api.ts), and focus moves
// to the code's field; a wrong or spent code is said next to the field, which keeps focus. Native form controls only,
// each labelled, errors tied to their field (aria-describedby) and spoken (role="alert").
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FieldError, FieldGroup, Input, Label, Note, SecondaryButton, SubmitButton } from '../../features/forms/styles';
import type { DashboardCopy } from './copy-schema';
import { fill } from './format';
import { askForCode, verifyCode } from './sign-in-api';
import { Form, Panel, Row } from './styles';
import type { TeamClient } from './team-client';

type Props = {
  client: TeamClient;
  copy: DashboardCopy['signIn'];
  onSignedIn: (email: string) => void;
  /** Move focus to the address's field when shown (just after signing out). */
  focusOnShow?: boolean;
};
type Step = { kind: 'email' } | { kind: 'code'; email: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE = /^\d{6}$/;

export function SignIn({ client, copy, onSignedIn, focusOnShow = false }: Props) {
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  const codeField = useRef<HTMLInputElement>(null);

  // Focus follows the step: the code's field once a code is asked for, the address's field when going back.
  const moved = useRef(focusOnShow);
  useEffect(() => {
    if (!moved.current) return;
    (step.kind === 'code' ? codeField : emailField).current?.focus();
  }, [step]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(copy.emailNotValid);
      emailField.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    const answer = await askForCode(client, address);
    setBusy(false);
    if (answer === 'failed') return setError(copy.failure);
    moved.current = true;
    setCode('');
    setStep({ kind: 'code', email: address });
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || step.kind !== 'code') return;
    const typed = code.replace(/\s/g, '');
    if (!CODE.test(typed)) {
      setError(copy.invalidCode);
      codeField.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    const answer = await verifyCode(client, step.email, typed);
    setBusy(false);
    if (answer.status === 'signed-in') return onSignedIn(answer.email);
    setError(answer.status === 'wrong-code' ? copy.wrongCode : copy.failure);
    codeField.current?.focus();
  };

  const otherAddress = () => {
    if (busy) return;
    moved.current = true;
    setError(undefined);
    setStep({ kind: 'email' });
  };

  const errorId = `${id}-error`;
  const errorMessage = error && (
    <FieldError id={errorId} role="alert">
      {error}
    </FieldError>
  );

  return (
    <Panel aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.heading}</h2>
      <p>{copy.intro}</p>
      {step.kind === 'email' ? (
        <Form onSubmit={(event) => void send(event)} noValidate>
          <FieldGroup>
            <Label htmlFor={`${id}-email`}>{copy.emailLabel}</Label>
            <Input
              ref={emailField}
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {errorMessage}
          </FieldGroup>
          <Row>
            <SubmitButton type="submit" aria-disabled={busy || undefined}>
              {busy ? copy.sending : copy.sendCode}
            </SubmitButton>
          </Row>
        </Form>
      ) : (
        <Form onSubmit={(event) => void verify(event)} noValidate>
          <p role="status">{fill(copy.codeSent, { email: step.email })}</p>
          <FieldGroup>
            <Label htmlFor={`${id}-code`}>{copy.codeLabel}</Label>
            <Input
              ref={codeField}
              id={`${id}-code`}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-code-hint ${errorId}` : `${id}-code-hint`}
            />
            <Note id={`${id}-code-hint`}>{copy.codeHint}</Note>
            {errorMessage}
          </FieldGroup>
          <Row>
            <SubmitButton type="submit" aria-disabled={busy || undefined}>
              {busy ? copy.signingIn : copy.signIn}
            </SubmitButton>
            <SecondaryButton type="button" onClick={otherAddress}>
              {copy.otherAddress}
            </SecondaryButton>
          </Row>
        </Form>
      )}
    </Panel>
  );
}

// The host's "who turned up" page body (labelled by the page's heading, #outcome-title), which the host's 1-hour
// reminder links to (/call-outcome#<secret>): the call, and one tap to record attended, no-show or moved. The
// secret sits in the fragment, so it never reaches a server log or a Referer header; it is the host's own, never the
// visitor's change/cancel secret.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TextWithEmail } from '../forms/TextWithEmail';
import { SecondaryButton } from '../forms/styles';
import { Message, PickerSection, Row, SlotButton } from '../booking/styles';
import { detectTimeZone, fillTime } from '../booking/time-format';
import type { CallOutcomeCopy } from './copy-schema';
import { callForOutcome, OUTCOMES, recordCallOutcome, type Outcome, type OutcomeCall } from './outcome-api';

type Props = { copy: CallOutcomeCopy; contactEmail: string };
type View =
  | { kind: 'loading' }
  | { kind: 'message'; text: string; retry: boolean }
  | { kind: 'call'; call: OutcomeCall; saving?: Outcome; justRecorded: boolean };

const readToken = () => (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1)));

export default function CallOutcome({ copy, contactEmail }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const token = useRef('');
  const message = useRef<HTMLParagraphElement>(null);
  const refusals = { not_started: copy.notStarted, not_found: copy.notFound, cancelled: copy.cancelled };

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    token.current = readToken();
    const answer = token.current ? await callForOutcome(token.current) : ({ status: 'not_found' } as const);
    if (answer.status === 'found') return setView({ kind: 'call', call: answer, justRecorded: false });
    if (answer.status === 'failed') return setView({ kind: 'message', text: copy.failure, retry: true });
    setView({
      kind: 'message',
      text: answer.status === 'other' ? copy.notFound : refusals[answer.status],
      retry: false,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the copy is fixed for the page's life
  }, [copy]);
  useEffect(() => {
    void load();
  }, [load]);

  if (view.kind === 'loading') {
    return (
      <PickerSection aria-labelledby="outcome-title" aria-busy="true">
        <p>{copy.loading}</p>
      </PickerSection>
    );
  }
  if (view.kind === 'message') {
    return (
      <PickerSection aria-labelledby="outcome-title">
        <p role="status">
          <TextWithEmail text={view.text} email={contactEmail} />
        </p>
        {view.retry && (
          <Row>
            <SecondaryButton type="button" onClick={() => void load()}>
              {copy.retryLabel}
            </SecondaryButton>
          </Row>
        )}
      </PickerSection>
    );
  }

  const { call } = view;
  const record = async (outcome: Outcome) => {
    setView({ ...view, saving: outcome });
    const answer = await recordCallOutcome(token.current, outcome);
    if (answer.status === 'recorded') {
      setView({
        kind: 'call',
        call: { ...call, outcome: answer.outcome, recordedBy: answer.recordedBy },
        justRecorded: true,
      });
      requestAnimationFrame(() => message.current?.focus());
      return;
    }
    if (answer.status === 'failed') return setView({ kind: 'message', text: copy.failure, retry: true });
    setView({
      kind: 'message',
      text: answer.status === 'other' ? copy.notFound : refusals[answer.status],
      retry: false,
    });
  };
  const name = call.company ? `${call.visitorName} (${call.company})` : call.visitorName;
  const status = view.saving
    ? copy.saving
    : call.outcome
      ? (view.justRecorded ? copy.recorded : copy.current)
          .replaceAll('{outcome}', copy.answers[call.outcome].recorded)
          .replaceAll('{by}', call.recordedBy ?? '')
      : '';

  return (
    <PickerSection aria-labelledby="outcome-title">
      <p>{fillTime(copy.call, call.startsAt, detectTimeZone()).replaceAll('{name}', name)}</p>
      <h2 id="outcome-question">{copy.question}</h2>
      <Row role="group" aria-labelledby="outcome-question">
        {OUTCOMES.map((outcome) => (
          <SlotButton
            key={outcome}
            type="button"
            aria-pressed={call.outcome === outcome}
            disabled={view.saving !== undefined}
            onClick={() => void record(outcome)}
          >
            {copy.answers[outcome].label}
          </SlotButton>
        ))}
      </Row>
      <Message role="status" tabIndex={-1} ref={message} data-tone="info">
        {status}
      </Message>
    </PickerSection>
  );
}

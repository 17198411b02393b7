// After a strategy-call request is stored: the next free times, one tap to pick (the time is held), one to
// confirm. Loaded only then (React.lazy in BookingForm), so no page's first load carries it. The request
// stands whatever happens here: a visitor may wait for the team's e-mail, and every failure says so.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TextWithEmail } from '../forms/TextWithEmail';
import { LinkButton, SecondaryButton } from '../forms/styles';
import { BookedCall } from './BookedCall';
import { confirmBooking, fetchSlots, holdSlot, type Booked, type Slot } from './booking-api';
import type { BookingCopy } from './copy-schema';
import { SlotChooser } from './SlotChooser';
import { Message, PickerSection, Row } from './styles';
import { detectTimeZone, fillTime } from './time-format';

/** A booked call, and `fill`, which writes its {day}, {time}, {zone} and {teamZone} into a text. */
export type BookedTime = { booked: Booked; fill: (text: string) => string };

export type BookingTimePickerProps = {
  email: string;
  copy: BookingCopy;
  contactEmail: string;
  /** Told once a time is booked, so the lines around the picker can speak of the booked call. */
  onBooked?: (time: BookedTime) => void;
};

type Phase =
  | { kind: 'loading' }
  | { kind: 'choosing' }
  | { kind: 'holding'; slot: Slot }
  | { kind: 'confirming'; holdId: string; slot: Slot }
  | { kind: 'booking'; holdId: string; slot: Slot }
  | { kind: 'booked'; booked: Booked }
  | { kind: 'waiting' }
  | { kind: 'closed'; text: string };
type Notice = { text: string; tone: 'info' | 'error'; retry?: () => void };

export default function BookingTimePicker({ email, copy, contactEmail, onBooked }: BookingTimePickerProps) {
  const { picker } = copy;
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [slots, setSlots] = useState<Slot[]>([]);
  const [teamZone, setTeamZone] = useState('');
  const [zone, setZone] = useState(detectTimeZone);
  const [notice, setNotice] = useState<Notice | undefined>();
  const focusTarget = useRef<HTMLElement | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const moveFocus = useCallback(() => setFocusRequest((count) => count + 1), []);
  useEffect(() => {
    if (focusRequest > 0) focusTarget.current?.focus();
  }, [focusRequest]);
  const focusHere = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };

  const load = useCallback(async () => {
    const answer = await fetchSlots();
    if (answer.status === 'failed') {
      setNotice({ text: picker.failure, tone: 'error', retry: () => void load() });
      setPhase({ kind: 'choosing' });
      return;
    }
    setSlots(answer.slots);
    setTeamZone(answer.teamTimeZone);
    setPhase(answer.slots.length === 0 ? { kind: 'closed', text: picker.noTimes } : { kind: 'choosing' });
  }, [picker]);
  useEffect(() => {
    void load();
  }, [load]);

  /** What closes the picker with the request standing: a call booked already, or this sender's limit reached. */
  const closedText = { already_booked: picker.alreadyBooked, sender_limit: picker.senderLimit };

  const refused = useCallback(
    async (text: string) => {
      setNotice({ text, tone: 'info' });
      setPhase({ kind: 'choosing' });
      await load();
      moveFocus();
    },
    [load, moveFocus],
  );

  const pick = async (slot: Slot) => {
    setNotice(undefined);
    setPhase({ kind: 'holding', slot });
    const answer = await holdSlot(email, slot.startsAt, zone);
    if (answer.status === 'held') {
      setPhase({ kind: 'confirming', holdId: answer.holdId, slot });
      moveFocus();
    } else if (answer.status === 'taken') await refused(picker.taken);
    else if (answer.status === 'failed') {
      setNotice({ text: picker.failure, tone: 'error', retry: () => void pick(slot) });
      setPhase({ kind: 'choosing' });
      moveFocus();
    } else if (answer.status === 'no_request' || answer.status === 'invalid_time_zone') {
      setPhase({ kind: 'closed', text: picker.noRequest });
      moveFocus();
    } else if (answer.status === 'already_booked' || answer.status === 'sender_limit') {
      setPhase({ kind: 'closed', text: closedText[answer.status] });
      moveFocus();
    } else await refused(picker.unavailable);
  };

  const confirm = async (holdId: string, slot: Slot) => {
    setNotice(undefined);
    setPhase({ kind: 'booking', holdId, slot });
    const answer = await confirmBooking(holdId, email);
    if (answer.status === 'booked') {
      setPhase({ kind: 'booked', booked: answer });
      onBooked?.({
        booked: answer,
        fill: (text) => fillTime(text, answer.startsAt, answer.visitorTimeZone, answer.teamTimeZone),
      });
      moveFocus();
    } else if (answer.status === 'taken') await refused(picker.holdExpired);
    else if (answer.status === 'failed') {
      setNotice({ text: picker.failure, tone: 'error', retry: () => void confirm(holdId, slot) });
      setPhase({ kind: 'confirming', holdId, slot });
      moveFocus();
    } else {
      setPhase({ kind: 'closed', text: answer.status === 'not_found' ? picker.noRequest : closedText[answer.status] });
      moveFocus();
    }
  };

  if (phase.kind === 'booked') {
    return (
      <PickerSection aria-labelledby="booked-call-title">
        <h2 id="booked-call-title" tabIndex={-1} ref={focusHere}>
          {copy.booked.title}
        </h2>
        <BookedCall booked={phase.booked} copy={copy.booked} />
      </PickerSection>
    );
  }

  return (
    <PickerSection
      aria-labelledby="pick-time-title"
      aria-busy={phase.kind === 'loading' || phase.kind === 'holding' || phase.kind === 'booking'}
    >
      <h2 id="pick-time-title">{picker.title}</h2>
      {phase.kind === 'waiting' ? (
        <p tabIndex={-1} ref={focusHere}>
          {picker.waitConfirmation}
        </p>
      ) : phase.kind === 'closed' ? (
        <p tabIndex={-1} ref={focusHere}>
          <TextWithEmail text={phase.text} email={contactEmail} />
        </p>
      ) : (
        <>
          <p>{picker.intro}</p>
          <div role="status">
            {notice && (
              <Message data-tone={notice.tone} tabIndex={-1} ref={phase.kind === 'choosing' ? focusHere : undefined}>
                <TextWithEmail text={notice.text} email={contactEmail} />
              </Message>
            )}
          </div>
          {notice?.retry && (
            <LinkButton type="button" onClick={notice.retry}>
              {picker.retryLabel}
            </LinkButton>
          )}
          {phase.kind === 'loading' && <p>{picker.loading}</p>}
          {(phase.kind === 'confirming' || phase.kind === 'booking') && (
            <>
              <p tabIndex={-1} ref={phase.kind === 'confirming' && !notice ? focusHere : undefined}>
                <strong>{fillTime(picker.confirmQuestion, phase.slot.startsAt, zone)}</strong>
              </p>
              <Row>
                <SecondaryButton
                  type="button"
                  disabled={phase.kind === 'booking'}
                  onClick={() => void confirm(phase.holdId, phase.slot)}
                >
                  {phase.kind === 'booking' ? picker.confirmingLabel : picker.confirmLabel}
                </SecondaryButton>
                <LinkButton
                  type="button"
                  disabled={phase.kind === 'booking'}
                  onClick={() => setPhase({ kind: 'choosing' })}
                >
                  {picker.pickAnotherLabel}
                </LinkButton>
              </Row>
            </>
          )}
          {(phase.kind === 'choosing' || phase.kind === 'holding') && slots.length > 0 && (
            <SlotChooser
              slots={slots}
              zone={zone}
              teamZone={teamZone}
              copy={picker}
              busy={phase.kind === 'holding'}
              onZoneChange={setZone}
              onPick={(slot) => void pick(slot)}
            />
          )}
          {phase.kind !== 'loading' && (
            <LinkButton type="button" onClick={() => (setPhase({ kind: 'waiting' }), moveFocus())}>
              {picker.waitLabel}
            </LinkButton>
          )}
        </>
      )}
    </PickerSection>
  );
}

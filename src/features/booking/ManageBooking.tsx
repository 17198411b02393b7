// The change/cancel page's body (labelled by the page's heading, #manage-title), which the confirmation e-mail
// and the booked view link to (/booking#<secret>): the call as booked, free times to move it to, and cancelling
// it. No account: the secret in the link is the key. It sits in the fragment, so it never reaches a server log
// or a Referer header.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TextWithEmail } from '../forms/TextWithEmail';
import { LinkButton, SecondaryButton } from '../forms/styles';
import { cancelBooking, fetchSlots, managedBooking, moveBooking, type Booked, type Slot } from './booking-api';
import type { BookingCopy } from './copy-schema';
import { SlotChooser } from './SlotChooser';
import { Message, PickerSection, Row } from './styles';
import { detectTimeZone, fillTime } from './time-format';

type Props = { copy: BookingCopy; contactEmail: string; bookPath: string };
type View =
  | { kind: 'loading' }
  | { kind: 'missing'; text: string }
  | { kind: 'booked'; booked: Booked; confirmCancel: boolean; moving?: Slot }
  | { kind: 'cancelled' };

const readToken = () => (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1)));

export default function ManageBooking({ copy, contactEmail, bookPath }: Props) {
  const { manage, picker } = copy;
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [notice, setNotice] = useState<{ text: string; tone: 'info' | 'error' } | undefined>();
  const [slots, setSlots] = useState<Slot[]>([]);
  const [zone, setZone] = useState(detectTimeZone);
  const [busy, setBusy] = useState(false);
  const token = useRef('');
  const message = useRef<HTMLDivElement>(null);
  const say = (text: string, tone: 'info' | 'error' = 'info') => {
    setNotice({ text, tone });
    requestAnimationFrame(() => message.current?.focus());
  };

  const loadSlots = useCallback(async () => {
    const answer = await fetchSlots();
    if (answer.status === 'ok') setSlots(answer.slots);
  }, []);

  const load = useCallback(async () => {
    token.current = readToken();
    const answer = token.current ? await managedBooking(token.current) : ({ status: 'not_found' } as const);
    if (answer.status === 'failed') return setView({ kind: 'missing', text: picker.failure });
    if (answer.status === 'cancelled') return setView({ kind: 'cancelled' });
    if (answer.status !== 'booked') return setView({ kind: 'missing', text: manage.notFound });
    if (Date.parse(answer.endsAt) <= Date.now()) return setView({ kind: 'missing', text: manage.past });
    setZone(answer.visitorTimeZone || detectTimeZone());
    setView({ kind: 'booked', booked: answer, confirmCancel: false });
    await loadSlots();
  }, [loadSlots, manage, picker]);
  useEffect(() => {
    void load();
  }, [load]);

  if (view.kind === 'loading') {
    return (
      <PickerSection aria-labelledby="manage-title" aria-busy="true">
        <p>{manage.loading}</p>
      </PickerSection>
    );
  }
  if (view.kind === 'missing' || view.kind === 'cancelled') {
    return (
      <PickerSection aria-labelledby="manage-title">
        <p role="status">
          {view.kind === 'cancelled' ? manage.cancelled : <TextWithEmail text={view.text} email={contactEmail} />}
        </p>
        <p>
          <a href={bookPath}>{manage.bookAgainLabel}</a>
        </p>
      </PickerSection>
    );
  }

  const { booked } = view;
  const cancel = async () => {
    setBusy(true);
    const answer = await cancelBooking(token.current);
    setBusy(false);
    if (answer.status === 'cancelled') setView({ kind: 'cancelled' });
    else if (answer.status === 'past') setView({ kind: 'missing', text: manage.past });
    else say(picker.failure, 'error');
  };
  const move = async (slot: Slot) => {
    setBusy(true);
    const answer = await moveBooking(token.current, slot.startsAt);
    setBusy(false);
    if (answer.status === 'booked') {
      setView({ kind: 'booked', booked: { ...answer, visitorTimeZone: zone }, confirmCancel: false });
      say(fillTime(manage.moved, answer.startsAt, zone));
      await loadSlots();
    } else if (answer.status === 'failed') say(picker.failure, 'error');
    else if (answer.status === 'taken') {
      say(picker.taken);
      await loadSlots();
    } else if ('alternatives' in answer) {
      say(picker.unavailable);
      await loadSlots();
    } else setView({ kind: 'missing', text: manage.notFound });
  };

  return (
    <PickerSection aria-labelledby="manage-title" aria-busy={busy}>
      <p>
        <strong>{fillTime(manage.when, booked.startsAt, zone)}</strong>
      </p>
      <div role="status">
        {notice && (
          <Message data-tone={notice.tone} tabIndex={-1} ref={message}>
            <TextWithEmail text={notice.text} email={contactEmail} />
          </Message>
        )}
      </div>
      {view.confirmCancel ? (
        <>
          <p>{fillTime(manage.cancelQuestion, booked.startsAt, zone)}</p>
          <Row>
            <SecondaryButton type="button" disabled={busy} onClick={() => void cancel()}>
              {manage.cancelConfirmLabel}
            </SecondaryButton>
            <LinkButton type="button" onClick={() => setView({ ...view, confirmCancel: false })}>
              {manage.keepLabel}
            </LinkButton>
          </Row>
        </>
      ) : (
        <LinkButton type="button" onClick={() => setView({ ...view, confirmCancel: true })}>
          {manage.cancelLabel}
        </LinkButton>
      )}
      {view.moving ? (
        <>
          <p>{fillTime(picker.confirmQuestion, view.moving.startsAt, zone)}</p>
          <Row>
            <SecondaryButton type="button" disabled={busy} onClick={() => void move(view.moving!)}>
              {manage.moveConfirmLabel}
            </SecondaryButton>
            <LinkButton type="button" onClick={() => setView({ ...view, moving: undefined })}>
              {picker.pickAnotherLabel}
            </LinkButton>
          </Row>
        </>
      ) : (
        slots.length > 0 && (
          <>
            <h2>{manage.moveHeading}</h2>
            <SlotChooser
              slots={slots}
              zone={zone}
              teamZone={booked.teamTimeZone}
              copy={picker}
              busy={busy}
              onZoneChange={setZone}
              onPick={(slot) => setView({ ...view, moving: slot })}
            />
          </>
        )
      )}
    </PickerSection>
  );
}

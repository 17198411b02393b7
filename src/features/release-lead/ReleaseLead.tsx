// The team's page for one held lead (labelled by the page's heading, #release-title), which the hourly digest of
// held leads links to (/release-lead#<secret>): who sent it, when, through which form and why it was held, and one
// tap to release it, after which its normal notification goes out. The secret sits in the fragment, so it never
// reaches a server log or a Referer header.
import { useCallback, useEffect, useRef, useState } from 'react';
import { TextWithEmail } from '../forms/TextWithEmail';
import { SecondaryButton, SubmitButton } from '../forms/styles';
import { Message, PickerSection, Row } from '../booking/styles';
import { detectTimeZone, fillTime } from '../booking/time-format';
import type { ReleaseLeadCopy } from './copy-schema';
import { heldLeadForRelease, releaseHeldLead, type HeldLead } from './release-api';

type Props = { copy: ReleaseLeadCopy; contactEmail: string };
type View =
  | { kind: 'loading' }
  | { kind: 'message'; text: string; retry: boolean }
  | { kind: 'lead'; lead: HeldLead; status: 'held' | 'releasing' | 'released' | 'failed' };

const readToken = () => (typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.slice(1)));

/** The text for `key` in a content map, or `fallback` for a key the content does not name. */
const textFor = <T extends Record<string, string>>(texts: T, key: string, fallback: string) =>
  Object.hasOwn(texts, key) ? texts[key as keyof T] : fallback;

/** {day}, {time} and {zone} of `instant` in the viewer's zone, and {zoneId}, that zone's IANA name. */
const fillWhen = (text: string, instant: string, zone: string) =>
  fillTime(text, instant, zone).replaceAll('{zoneId}', zone);

export default function ReleaseLead({ copy, contactEmail }: Props) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const token = useRef('');
  const [zone] = useState(detectTimeZone);
  // The answer to something the viewer did (a retry, the release) takes the focus when it shows.
  const result = useRef<HTMLParagraphElement>(null);
  const focusResult = useRef(false);
  useEffect(() => {
    const settled = view.kind === 'message' || (view.kind === 'lead' && view.status !== 'releasing');
    if (!settled || !focusResult.current) return;
    focusResult.current = false;
    result.current?.focus();
  }, [view]);

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    token.current = readToken();
    if (!token.current) return setView({ kind: 'message', text: copy.noSecret, retry: false });
    const answer = await heldLeadForRelease(token.current);
    if (answer.status === 'found') return setView({ kind: 'lead', lead: answer, status: 'held' });
    const failed = answer.status === 'failed';
    setView({ kind: 'message', text: failed ? copy.failure : copy.notFound, retry: failed });
  }, [copy]);
  useEffect(() => {
    void load();
  }, [load]);
  const retry = () => {
    focusResult.current = true;
    void load();
  };

  if (view.kind === 'loading') {
    return (
      <PickerSection aria-labelledby="release-title" aria-busy="true">
        <p>{copy.loading}</p>
      </PickerSection>
    );
  }
  if (view.kind === 'message') {
    return (
      <PickerSection aria-labelledby="release-title">
        <p role="status" tabIndex={-1} ref={result}>
          <TextWithEmail text={view.text} email={contactEmail} />
        </p>
        {view.retry && (
          <Row>
            <SecondaryButton type="button" onClick={retry}>
              {copy.retryLabel}
            </SecondaryButton>
          </Row>
        )}
      </PickerSection>
    );
  }

  const { lead, status } = view;
  const release = async () => {
    focusResult.current = true;
    setView({ kind: 'lead', lead, status: 'releasing' });
    const answer = await releaseHeldLead(token.current);
    if (answer.status === 'not_found') return setView({ kind: 'message', text: copy.notFound, retry: false });
    if (answer.status === 'failed') return setView({ kind: 'lead', lead, status: 'failed' });
    setView({
      kind: 'lead',
      lead: { ...lead, releasedAt: answer.releasedAt },
      status: answer.status === 'released' ? 'released' : 'held',
    });
  };
  const name = lead.company ? `${lead.name} (${lead.company})` : lead.name;
  const surface = textFor(copy.surfaces, lead.surface, copy.surfaces.unknown);
  const reason = textFor(copy.reasons, lead.holdReason, lead.holdReason.replaceAll('_', ' '));
  const statusText = {
    held: lead.releasedAt ? fillWhen(copy.alreadyReleased, lead.releasedAt, zone) : '',
    releasing: copy.releasing,
    released: copy.released,
    failed: copy.failure,
  }[status];
  const canRelease = !lead.releasedAt;

  return (
    <PickerSection aria-labelledby="release-title" aria-busy={status === 'releasing'}>
      <p tabIndex={-1} ref={statusText ? undefined : result}>
        {copy.lead.replaceAll('{name}', name).replaceAll('{surface}', surface)}
      </p>
      <p>{fillWhen(copy.received, lead.receivedAt, zone)}</p>
      <p>{copy.heldBecause.replaceAll('{reason}', reason)}</p>
      {canRelease && (
        <>
          <p>{copy.explanation}</p>
          <Row>
            <SubmitButton type="button" disabled={status === 'releasing'} onClick={() => void release()}>
              {copy.releaseLabel}
            </SubmitButton>
          </Row>
        </>
      )}
      <div role="status">
        {statusText && (
          <Message tabIndex={-1} ref={result} data-tone={status === 'failed' ? 'error' : 'info'}>
            <TextWithEmail text={statusText} email={contactEmail} />
          </Message>
        )}
      </div>
    </PickerSection>
  );
}

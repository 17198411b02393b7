// The free times by the visitor's day, three days at a time, in the zone the visitor chose (their device's
// unless they change it), with the team's zone named beside it. Each time is a button whose name a screen
// reader speaks whole: "9:00 am, Thursday 26 November, Australian Eastern Daylight Time (Sydney)".
import { useId, useMemo, useState } from 'react';
import type { Slot } from './booking-api';
import type { BookingCopy } from './copy-schema';
import { formatTime, groupByDay, zoneLabel } from './time-format';
import { DayGroup, Days, Row, SlotButton, SlotList } from './styles';
import { ZonePicker } from './ZonePicker';
import { LinkButton } from '../forms/styles';

export const DAYS_PER_PAGE = 3;

export type SlotChooserProps = {
  slots: Slot[];
  zone: string;
  teamZone: string;
  copy: BookingCopy['picker'];
  busy: boolean;
  onZoneChange: (zone: string) => void;
  onPick: (slot: Slot) => void;
};

export function SlotChooser({ slots, zone, teamZone, copy, busy, onZoneChange, onPick }: SlotChooserProps) {
  const zoneId = useId();
  const days = useMemo(() => groupByDay(slots, zone), [slots, zone]);
  const [page, setPage] = useState(0);
  const lastPage = Math.max(0, Math.ceil(days.length / DAYS_PER_PAGE) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = days.slice(shownPage * DAYS_PER_PAGE, (shownPage + 1) * DAYS_PER_PAGE);
  const zoneText = zoneLabel(zone, slots[0]?.startsAt);

  return (
    <>
      {/* Polite: a visitor who picks another zone hears the times' new zone. */}
      <p aria-live="polite">{copy.zoneNote.replace('{zone}', zoneText)}</p>
      <ZonePicker zone={zone} teamZone={teamZone} copy={copy} onZoneChange={onZoneChange} />
      {teamZone && teamZone !== zone && <p>{copy.teamZoneNote.replace('{teamZone}', zoneLabel(teamZone))}</p>}
      <Days>
        {shown.map((day) => (
          <DayGroup key={day.key} role="group" aria-labelledby={`${zoneId}-${day.key}`}>
            <h3 id={`${zoneId}-${day.key}`}>{day.label}</h3>
            <SlotList>
              {day.slots.map((slot) => (
                <li key={slot.startsAt}>
                  <SlotButton
                    type="button"
                    disabled={busy}
                    // The visible time first (label in name), then what makes it unambiguous when heard alone.
                    aria-label={`${formatTime(slot.startsAt, zone)}, ${day.label}, ${zoneLabel(zone, slot.startsAt)}`}
                    onClick={() => onPick(slot)}
                  >
                    {formatTime(slot.startsAt, zone)}
                  </SlotButton>
                </li>
              ))}
            </SlotList>
          </DayGroup>
        ))}
      </Days>
      <Row>
        {shownPage > 0 && (
          <LinkButton type="button" onClick={() => setPage(shownPage - 1)}>
            {copy.earlierLabel}
          </LinkButton>
        )}
        {shownPage < lastPage && (
          <LinkButton type="button" onClick={() => setPage(shownPage + 1)}>
            {copy.laterLabel}
          </LinkButton>
        )}
      </Row>
    </>
  );
}

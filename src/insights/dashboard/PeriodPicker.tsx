// Which period the dashboard shows: the last 7, 30 or 90 of the team's days, or dates of one's own (a first and a
// last day, applied with a button). Radio buttons and date fields, each labelled; arrow keys move between the
// choices as in any radio group.
import { useId, useState, type FormEvent } from 'react';
import { FieldError, FieldGroup, Input, Label, SecondaryButton } from '../../features/forms/styles';
import type { DashboardCopy } from './copy-schema';
import { isValidCustom, PRESET_DAYS, type PeriodChoice } from './periods';
import { Choices, Form, Row } from './styles';

type Props = {
  copy: DashboardCopy['period'];
  choice: PeriodChoice;
  /** The days the custom fields start with (the period shown). */
  shown: { first: string; last: string };
  onChoose: (choice: PeriodChoice) => void;
};

const PRESET_LABEL = { 7: 'last7', 30: 'last30', 90: 'last90' } as const;

export function PeriodPicker({ copy, choice, shown, onChoose }: Props) {
  const id = useId();
  const [custom, setCustom] = useState(choice.kind === 'custom');
  const [first, setFirst] = useState(shown.first);
  const [last, setLast] = useState(shown.last);
  const [invalid, setInvalid] = useState(false);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!custom) return;
    if (!isValidCustom(first, last)) return setInvalid(true);
    setInvalid(false);
    onChoose({ kind: 'custom', first, last });
  };

  return (
    <Form onSubmit={apply} noValidate>
      <Choices>
        <legend>{copy.legend}</legend>
        {PRESET_DAYS.map((days) => (
          <label key={days}>
            <input
              type="radio"
              name={`${id}-period`}
              checked={!custom && choice.kind === 'last' && choice.days === days}
              onChange={() => {
                setCustom(false);
                onChoose({ kind: 'last', days });
              }}
            />
            {copy[PRESET_LABEL[days]]}
          </label>
        ))}
        <label>
          <input
            type="radio"
            name={`${id}-period`}
            checked={custom}
            onChange={() => {
              setFirst(shown.first);
              setLast(shown.last);
              setCustom(true);
            }}
          />
          {copy.custom}
        </label>
      </Choices>
      {custom && (
        <Row>
          <FieldGroup>
            <Label htmlFor={`${id}-first`}>{copy.fromLabel}</Label>
            <Input
              id={`${id}-first`}
              type="date"
              value={first}
              max={last}
              onChange={(event) => setFirst(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
            />
          </FieldGroup>
          <FieldGroup>
            <Label htmlFor={`${id}-last`}>{copy.toLabel}</Label>
            <Input
              id={`${id}-last`}
              type="date"
              value={last}
              min={first}
              onChange={(event) => setLast(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
            />
          </FieldGroup>
          <SecondaryButton type="submit">{copy.apply}</SecondaryButton>
        </Row>
      )}
      {custom && invalid && (
        <FieldError id={`${id}-invalid`} role="alert">
          {copy.invalid}
        </FieldError>
      )}
    </Form>
  );
}

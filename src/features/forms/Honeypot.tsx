// A field people never see or reach, which form-filling bots tend to complete. See useLeadForm for what
// a filled one does.
import { HoneypotBox } from './styles';

/** The trap's name: plausible to a bot, filled by no person. */
export const HONEYPOT_NAME = 'website';

type HoneypotProps = { id: string; label: string; value: string; onValueChange: (value: string) => void };

export function Honeypot({ id, label, value, onValueChange }: HoneypotProps) {
  return (
    <HoneypotBox aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={HONEYPOT_NAME}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </HoneypotBox>
  );
}

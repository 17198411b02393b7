// The control of a text the specification fixes: shows the value, offers nothing to change it, and never calls
// onChange, so the saved file keeps it exactly. The field's hint says why.
import type { ControlProps } from './CheckedControl';
import { plainValue } from './plain-value';

export function FixedValueControl({ value, forID, classNameWrapper }: ControlProps) {
  const plain = plainValue(value);
  return (
    <div id={forID} className={classNameWrapper} aria-readonly="true" data-fixed-value>
      {Array.isArray(plain) ? (
        <ul>
          {plain.map((item, index) => (
            <li key={index}>{String(item)}</li>
          ))}
        </ul>
      ) : (
        String(plain ?? '')
      )}
    </div>
  );
}

export function FixedValuePreview({ value }: { value: unknown }) {
  const plain = plainValue(value);
  return <span>{Array.isArray(plain) ? plain.join(', ') : String(plain ?? '')}</span>;
}

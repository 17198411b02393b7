// Labelled controls with inline, accessible errors: the message is tied to the control by
// aria-describedby and the control is marked aria-invalid while it has one.
import type { ReactNode } from 'react';
import type { BoundField } from './useLeadForm';
import { FieldError, FieldGroup, Input, Label, Select, TextArea } from './styles';

type CommonProps = BoundField & {
  label: string;
  placeholder?: string;
  required?: boolean;
  wide?: boolean;
  /** The database's limit for the column, so an over-long entry cannot make every retry fail. */
  maxLength?: number;
};

/** The copy a control shows; validation messages stay with the form's rules. */
export const fieldText = ({ label, placeholder }: { label: string; placeholder?: string }) => ({ label, placeholder });

function errorIdFor(id: string) {
  return `${id}-error`;
}

function a11yProps({ id, error, required }: Pick<CommonProps, 'id' | 'error' | 'required'>) {
  return {
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorIdFor(id) : undefined,
    required,
  };
}

function FieldShell({
  id,
  label,
  error,
  wide,
  children,
}: Pick<CommonProps, 'id' | 'label' | 'error' | 'wide'> & { children: ReactNode }) {
  return (
    <FieldGroup $wide={wide}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && <FieldError id={errorIdFor(id)}>{error}</FieldError>}
    </FieldGroup>
  );
}

export function TextField({
  type,
  autoComplete,
  ...props
}: CommonProps & { type: 'text' | 'email' | 'tel'; autoComplete: string }) {
  const { id, name, value, placeholder, maxLength, onValueChange, inputRef } = props;
  return (
    <FieldShell {...props}>
      <Input
        maxLength={maxLength}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onValueChange(event.target.value)}
        ref={inputRef}
        {...a11yProps(props)}
      />
    </FieldShell>
  );
}

export function SelectField({ options, ...props }: CommonProps & { placeholder: string; options: readonly string[] }) {
  const { id, name, value, placeholder, onValueChange, inputRef } = props;
  return (
    <FieldShell {...props}>
      <Select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        ref={inputRef}
        {...a11yProps(props)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
    </FieldShell>
  );
}

export function TextAreaField(props: CommonProps) {
  const { id, name, value, placeholder, maxLength, onValueChange, inputRef } = props;
  return (
    <FieldShell {...props}>
      <TextArea
        maxLength={maxLength}
        id={id}
        name={name}
        value={value}
        placeholder={placeholder}
        rows={5}
        onChange={(event) => onValueChange(event.target.value)}
        ref={inputRef}
        {...a11yProps(props)}
      />
    </FieldShell>
  );
}

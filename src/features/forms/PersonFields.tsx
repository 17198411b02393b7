// The three fields both lead forms open with: name, work e-mail and company, with the browser's autofill tokens
// and the database's length limits.
import { fieldText, TextField } from './fields';
import type { BoundField } from './useLeadForm';

type PersonField = 'name' | 'email' | 'company';

type Props = {
  bind: (field: PersonField) => BoundField;
  copy: Record<PersonField, { label: string; placeholder?: string }>;
  limits: Record<PersonField, number>;
  /** The company field across the whole form (where it would otherwise stand alone in its row). */
  wideCompany?: boolean;
};

export function PersonFields({ bind, copy, limits, wideCompany }: Props) {
  return (
    <>
      <TextField
        {...bind('name')}
        {...fieldText(copy.name)}
        maxLength={limits.name}
        type="text"
        autoComplete="name"
        required
      />
      <TextField
        {...bind('email')}
        {...fieldText(copy.email)}
        maxLength={limits.email}
        type="email"
        autoComplete="email"
        required
      />
      <TextField
        {...bind('company')}
        {...fieldText(copy.company)}
        maxLength={limits.company}
        type="text"
        autoComplete="organization"
        required
        wide={wideCompany}
      />
    </>
  );
}

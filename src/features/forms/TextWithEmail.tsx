// Renders content copy in which `{email}` stands for the site's address, shown as a mailto link.
import { Fragment } from 'react';

export const EMAIL_PLACEHOLDER = '{email}';

export function TextWithEmail({ text, email }: { text: string; email: string }) {
  const parts = text.split(EMAIL_PLACEHOLDER);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && <a href={`mailto:${email}`}>{email}</a>}
        </Fragment>
      ))}
    </>
  );
}

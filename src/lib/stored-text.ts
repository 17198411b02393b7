// Postgres text cannot hold NUL: the database refuses the whole row (22021), so every retry would fail. Every
// value a visitor gives is stored, validated and shown without it.

// eslint-disable-next-line no-control-regex -- NUL is the character being removed
export const withoutNul = (value: string) => value.replace(/\u0000/g, '');

/** A value as stored: without NUL, trimmed. */
export const cleanLeadText = (value: string) => withoutNul(value).trim();

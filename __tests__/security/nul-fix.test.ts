/** @jest-environment node */
// Postgres text cannot hold NUL: a lead with one would be refused (400, 22021) on every retry, so NUL is
// dropped before a value is stored and does not count as content.
import { normaliseAnswer } from '../../src/features/chat/steps';
import { isBlank } from '../../src/features/forms/validation';
import { toConsultationRow, toContactRow } from '../../src/lib/leads';
import { cleanLeadText } from '../../src/lib/stored-text';

it('drops NUL before trimming every stored value', () => {
  expect(cleanLeadText('\u0000 Grace \u0000')).toBe('Grace');
  expect(
    toConsultationRow({
      name: 'Ada\u0000Lovelace',
      email: 'a@b.c\u0000',
      company: '\u0000Co',
      phone: '1',
      message: '\u0000',
    }),
  ).toEqual({ name: 'AdaLovelace', email: 'a@b.c', company: 'Co', phone: '1', message: '' });
  expect(toContactRow({ name: 'Ada', email: 'a@b.c', company: '\u0000 ', message: 'Hi\u0000' })).toEqual({
    name: 'Ada',
    email: 'a@b.c',
    message: 'Hi',
  });
});

it('treats a value of only NUL and white space as blank in the forms and the chat', () => {
  expect(isBlank('\u0000 \u0000')).toBe(true);
  expect(isBlank('\u0000A')).toBe(false);
  expect(normaliseAnswer('\u0000')).toBe('');
  expect(normaliseAnswer('Ada\u0000 Lovelace')).toBe('Ada Lovelace');
});

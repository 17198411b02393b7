// deno test: the e-mail and name as the CRMs get them. Run: npm run test:functions
import assert from 'node:assert/strict';
import { normaliseEmail, splitName } from './people.ts';

Deno.test('people: the e-mail trimmed and lower-cased', () => {
  assert.equal(normaliseEmail('  Ada.Lovelace@Example.COM \n'), 'ada.lovelace@example.com');
});

Deno.test('people: names split into first and last without losing a word', () => {
  const cases: [string, string, string][] = [
    ['Mary Ann van der Berg', 'Mary Ann', 'van der Berg'],
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['  Ada   King  Lovelace ', 'Ada King', 'Lovelace'],
    ['Ludwig van Beethoven', 'Ludwig', 'van Beethoven'],
    ['Juan de la Cruz', 'Juan', 'de la Cruz'],
    ['Cher', 'Cher', ''],
    ['van Gogh', 'van', 'Gogh'],
    ['Van Morrison', 'Van', 'Morrison'],
    ['', '', ''],
  ];
  for (const [name, first, last] of cases) {
    assert.deepEqual(splitName(name), { first, last }, name);
    const words = name.trim().split(/\s+/).filter(Boolean).join(' ');
    assert.equal([first, last].filter(Boolean).join(' '), words, `nothing lost from "${name}"`);
  }
});

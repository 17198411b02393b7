// How content files are written, byte for byte: the editor (/admin) saves with these printers, so a file opened
// and saved unchanged stays the same, and what it writes passes `prettier --check` as a hand edit does.
import { parse, stringify } from 'yaml';

/** Prettier's print width for this repository (.prettierrc.json); the test compares the printer with Prettier. */
const PRINT_WIDTH = 120;
const INDENT = '  ';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isPlain = (value: Json) => value === null || typeof value !== 'object';
/** Prints on one line: a plain value, `{}` or `[]`. */
const isFlat = (value: Json) => isPlain(value) || Object.keys(value as object).length === 0;

/**
 * JSON as Prettier prints it for a file of objects written one key per line: every non-empty object broken over
 * lines; a list of plain values (or empty objects) on one line when it fits in the print width, else one value per
 * line; a list holding a non-empty object always broken.
 */
export function printContentJson(value: unknown): string {
  return `${printValue(value as Json, 0, 0, 0)}\n`;
}

/** `column`: where the value starts on its line; `after`: characters that follow it on the line (a comma). */
function printValue(value: Json, depth: number, column: number, after: number): string {
  if (isPlain(value)) return JSON.stringify(value);
  const inner = INDENT.repeat(depth + 1);
  const close = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isFlat)) {
      const flat = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      if (column + flat.length + after <= PRINT_WIDTH) return flat;
    }
    const items = value.map(
      (item, index) => inner + printValue(item, depth + 1, inner.length, index < value.length - 1 ? 1 : 0),
    );
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item], index) => {
    const start = `${inner}${JSON.stringify(key)}: `;
    return start + printValue(item, depth + 1, start.length, index < entries.length - 1 ? 1 : 0);
  });
  return `{\n${lines.join(',\n')}\n${close}}`;
}

const FRONTMATTER = /^---\n([\s\S]*?\n)?---\n([\s\S]*)$/;

/** An MDX file: its frontmatter (YAML between `---` lines) as data, and the text after it as `body`, verbatim. */
export function parseFrontmatterFile(raw: string): Record<string, unknown> {
  const match = FRONTMATTER.exec(raw);
  if (!match) throw new Error('the file does not start with frontmatter between --- lines');
  const data = (parse(match[1] ?? '') ?? {}) as Record<string, unknown>;
  return { ...data, body: match[2] };
}

/** The inverse of `parseFrontmatterFile`: plain YAML (no line folding), then the body exactly as given. */
export function printFrontmatterFile(data: Record<string, unknown>): string {
  const { body, ...frontmatter } = data;
  return `---\n${stringify(frontmatter, { lineWidth: 0 })}---\n${typeof body === 'string' ? body : ''}`;
}

// A table as a CSV file (RFC 4180: commas, double quotes doubled, CRLF), made in the browser from the rows the
// table shows. A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return:
// a source or campaign name comes from a visitor's link, so anyone can choose it) is written with a leading
// apostrophe, as OWASP's CSV injection advice says.

export type CsvCell = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Parses what toCsv writes (for tests and for reading a file back): rows of cells, quotes undone. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        value += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(value);
      value = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
      index += 1;
    } else value += char;
  }
  return rows;
}

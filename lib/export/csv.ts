// Text as CSV for a spreadsheet (RFC 4180): fields separated by commas, records by CRLF, a field
// quoted when it holds a comma, a quote, CR or LF, and its quotes doubled; the file starts with a
// UTF-8 byte-order mark, without which Excel reads UTF-8 as the system's code page.
//
// Mentions are remote text, and a spreadsheet runs a cell that starts like a formula: a title such
// as `=HYPERLINK("http://evil.example","click")` would be live in the sheet. Every text cell that
// starts with =, +, -, @, a tab or CR is neutralised by a leading apostrophe, which spreadsheets
// show as text and do not evaluate (OWASP's advice on CSV injection). Numbers are written as
// numbers: a number is never a formula.

const BYTE_ORDER_MARK = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean;

/** One cell as written: neutralised if text that a spreadsheet would run, then quoted if needed. */
function csvCell(value: CsvValue): string {
  const text =
    typeof value === 'string'
      ? value.replace(FORMULA_START, (start) => `'${start}`)
      : typeof value === 'number' && !Number.isFinite(value)
        ? ''
        : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header row, then one row per record, each line ending in CRLF. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BYTE_ORDER_MARK}${lines.map((line) => `${line}\r\n`).join('')}`;
}

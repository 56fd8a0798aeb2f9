// An RFC 4180 reader for tests: what a spreadsheet reads back from a CSV file (the byte-order mark
// dropped, quoted fields unquoted, CRLF between records). Strict: a malformed file throws.
export function readCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < input.length) {
    let field = '';
    if (input[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= input.length) throw new Error('unterminated quoted field');
        if (input[i] === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += input[i];
        i += 1;
      }
    } else {
      while (i < input.length && input[i] !== ',' && input[i] !== '\r') {
        if (input[i] === '"' || input[i] === '\n') throw new Error(`bare ${input[i]} at ${i}`);
        field += input[i];
        i += 1;
      }
    }
    row.push(field);
    if (input[i] === ',') {
      i += 1;
    } else if (input.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < input.length) {
      throw new Error(`unexpected ${JSON.stringify(input[i])} at ${i}`);
    }
  }
  if (row.length > 0) throw new Error('the last record has no CRLF');
  return rows;
}

// CSV as a spreadsheet reads it: whatever the text, the file reads back to the same cells (formula
// starts neutralised by an apostrophe), with the byte-order mark and CRLF records of RFC 4180.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFile } from '@/lib/export/csv';
import { readCsv } from '../support/csv-reader';

/** What a text cell reads back as: the text, behind an apostrophe if it starts like a formula. */
const asRead = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** One cell as csvFile writes it: the record after an empty header, without its CRLF. */
const csvCell = (value: Parameters<typeof csvFile>[1][number][number]) =>
  csvFile([''], [[value]]).slice('\uFEFF\r\n'.length, -'\r\n'.length);

describe('csvFile', () => {
  it('reads back, cell for cell, whatever the text (commas, quotes, line breaks, emoji)', () => {
    const cell = fc.string({ unit: 'binary', maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(cell, { minLength: 1, maxLength: 5 }).chain((header) =>
          fc.tuple(
            fc.constant(header),
            fc.array(fc.array(cell, { minLength: header.length, maxLength: header.length }), {
              maxLength: 6,
            }),
          ),
        ),
        ([header, rows]) => {
          expect(readCsv(csvFile(header, rows))).toEqual(
            [header, ...rows].map((r) => r.map(asRead)),
          );
        },
      ),
    );
  });

  it('starts with a UTF-8 byte-order mark and ends every record with CRLF', () => {
    const file = csvFile(['title', 'author'], [['Acme, again', 'Jane "JD" Doe']]);
    expect(file).toBe('\uFEFFtitle,author\r\n"Acme, again","Jane ""JD"" Doe"\r\n');
  });

  it('neutralises every text cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}HYPERLINK("http://evil.example","x")`);
      const [[read]] = readCsv(`${cell}\r\n`);
      expect(read.startsWith(`'${start}`)).toBe(true);
    }
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('a = b')).toBe('a = b');
  });

  it('writes numbers and booleans as they are: a negative number is not a formula', () => {
    expect([csvCell(-1), csvCell(0.5), csvCell(true)]).toEqual(['-1', '0.5', 'true']);
    expect([csvCell(Number.NaN), csvCell(Number.POSITIVE_INFINITY)]).toEqual(['', '']);
  });
});

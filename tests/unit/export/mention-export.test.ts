// Exporting mentions: the CSV of any mentions reads back through a strict RFC 4180 reader row for
// row, cell for cell (a formula-like start neutralised by an apostrophe, nothing else changed); the
// JSON reads back as the same records; dates are local with their offset; file names carry the
// project and the local day. Runs in every zone of the matrix (tests/unit/support/zones.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  mentionsCsv,
  mentionsJson,
  type ExportContext,
} from '@/lib/export/mention-export';
import { keyOf, keyString, type StoredMention } from '@/lib/mentions/store';
import { readCsv } from '../support/csv-reader';
import { stored } from '../support/mention-factory';

const HEADER = [
  'Project',
  'Date',
  'Source',
  'Sentiment',
  'Title',
  'Summary',
  'Author',
  'Site',
  'URL',
  'Keywords',
  'Read',
  'Saved',
];

/** What a spreadsheet shows of a text cell: a formula-like start behind an apostrophe. */
const shown = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * An instant as the exports write it (ISO 8601 with the zone's offset, to the second), read from
 * the JSON of one mention added then: the CSV's dates are checked against it, and its format is
 * pinned under 'localIsoTime' below.
 */
function localIsoTime(epochMs: number, timeZone?: string): string {
  const json = mentionsJson([stored({ id: 1, addedAt: epochMs })], context([], timeZone));
  return (JSON.parse(json) as { date: string }[])[0].date;
}

function context(saved: readonly StoredMention[] = [], timeZone?: string): ExportContext {
  return {
    projectName: (id) => (id === 1 ? 'Acme' : `=cmd|' /C calc'!A${id}`),
    savedKeys: new Set(saved.map((m) => keyString(keyOf(m)))),
    timeZone,
  };
}

// Remote text: any characters, and often the ones CSV and spreadsheets treat specially.
const special = fc.constantFrom(
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\n',
  '\r\n',
  '"',
  ',',
  ';',
  "'",
  '\uFEFF',
);
const textArb = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), special), { maxLength: 6 })
  .map((parts) => parts.join(''));

const mentionArb = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    project_id: fc.integer({ min: 1, max: 3 }),
    title: textArb,
    snippet: textArb,
    text_summary: fc.option(textArb, { nil: null }),
    author: textArb,
    url: fc.oneof(textArb, fc.webUrl()),
    keywords: textArb,
    source: textArb,
    sentiment: fc.integer({ min: -5, max: 5 }),
    addedAt: fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }),
    read: fc.boolean(),
  })
  .map((fields) => stored(fields));

describe('mentionsCsv', () => {
  it('reads back row for row, cell for cell, for any mentions', () => {
    fc.assert(
      fc.property(
        fc.array(mentionArb, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (mentions, picks) => {
          const saved = picks
            .map((i) => mentions[i % Math.max(mentions.length, 1)])
            .filter(Boolean);
          const ctx = context(saved, 'UTC');
          const csv = mentionsCsv(mentions, ctx);
          expect(csv.startsWith('\uFEFF')).toBe(true);
          const rows = readCsv(csv);
          expect(rows[0]).toEqual(HEADER);
          expect(rows).toHaveLength(mentions.length + 1);
          mentions.forEach((m, i) => {
            // A web link's host, when it is a site (not an address or a local name).
            const site = rows[i + 1][7];
            if (site !== '') expect(site).toBe(new URL(m.url).hostname.replace(/\.$/, ''));
            expect(rows[i + 1]).toEqual(
              [
                ctx.projectName(m.project_id),
                localIsoTime(m.addedAt, 'UTC'),
                m.source,
                m.sentiment < 0 ? 'negative' : m.sentiment > 0 ? 'positive' : 'neutral',
                m.title,
                m.text_summary ?? m.snippet,
                m.author,
                site,
                m.url,
                m.keywords,
                m.read ? 'yes' : 'no',
                ctx.savedKeys.has(keyString(keyOf(m))) ? 'yes' : 'no',
              ].map(shown),
            );
            expect(new Date(rows[i + 1][1]).getTime()).toBe(Math.floor(m.addedAt / 1_000) * 1_000);
          });
        },
      ),
    );
  });

  it('neutralises a formula-like title, project or author, and quotes what needs it', () => {
    const m = stored({
      id: 7,
      project_id: 2,
      title: '=HYPERLINK("http://evil.example","click")',
      author: '@jane, "the" author',
      url: 'https://blog.example.co.uk/post',
      text_summary: 'line one\r\nline two',
      sentiment: -3,
      addedAt: Date.UTC(2026, 10, 25, 5, 3, 7),
    });
    const csv = mentionsCsv([m], context([m], 'Asia/Kolkata'));
    const [, row] = readCsv(csv);
    expect(row).toEqual([
      "'=cmd|' /C calc'!A2",
      '2026-11-25T10:33:07+05:30',
      'web',
      'negative',
      '\'=HYPERLINK("http://evil.example","click")',
      'line one\r\nline two',
      '\'@jane, "the" author',
      'blog.example.co.uk',
      'https://blog.example.co.uk/post',
      'acme',
      'no',
      'yes',
    ]);
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
  });

  it('writes only the header for no mentions', () => {
    expect(readCsv(mentionsCsv([], context()))).toEqual([HEADER]);
  });
});

describe('mentionsJson', () => {
  it('reads back as the same records, in order, with types kept', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(mentionArb, { maxLength: 6, selector: (m) => keyString(keyOf(m)) }),
        (mentions) => {
          const saved = mentions.filter((_, i) => i % 2 === 0);
          const ctx = context(saved, 'America/New_York');
          const records = JSON.parse(mentionsJson(mentions, ctx)) as Record<string, unknown>[];
          expect(records).toHaveLength(mentions.length);
          records.forEach((record, i) => {
            const m = mentions[i];
            expect(record).toMatchObject({
              project: ctx.projectName(m.project_id),
              projectId: m.project_id,
              id: m.id,
              date: localIsoTime(m.addedAt, 'America/New_York'),
              source: m.source,
              sentiment: m.sentiment < 0 ? 'negative' : m.sentiment > 0 ? 'positive' : 'neutral',
              sentimentScore: m.sentiment,
              title: m.title,
              summary: m.text_summary,
              snippet: m.snippet,
              author: m.author,
              url: m.url,
              keywords: m.keywords,
              read: m.read,
              saved: i % 2 === 0,
            });
          });
        },
      ),
    );
  });

  it('is an empty array for no mentions, pretty-printed', () => {
    expect(mentionsJson([], context())).toBe('[]\n');
    const one = mentionsJson([stored({ id: 1 })], context());
    expect(one.split('\n')[1]).toBe('  {');
  });
});

describe('localIsoTime', () => {
  it('gives the zone’s wall clock and offset, daylight saving time and half hours included', () => {
    const winter = Date.UTC(2026, 0, 15, 12, 0, 0);
    const summer = Date.UTC(2026, 6, 15, 12, 0, 0, 999);
    expect(localIsoTime(winter, 'UTC')).toBe('2026-01-15T12:00:00+00:00');
    expect(localIsoTime(winter, 'America/New_York')).toBe('2026-01-15T07:00:00-05:00');
    expect(localIsoTime(summer, 'America/New_York')).toBe('2026-07-15T08:00:00-04:00');
    expect(localIsoTime(winter, 'Asia/Tokyo')).toBe('2026-01-15T21:00:00+09:00');
    expect(localIsoTime(winter, 'America/St_Johns')).toBe('2026-01-15T08:30:00-03:30');
    expect(localIsoTime(Number.NaN)).toBe('');
  });

  it('in the browser’s zone, agrees with the zone named, and reads back as the instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2099, 0, 1) }), (t) => {
        const text = localIsoTime(t);
        expect(text).toBe(localIsoTime(t, ZONE));
        expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
        expect(Date.parse(text)).toBe(Math.floor(t / 1_000) * 1_000);
      }),
    );
  });
});

describe('exportFileName', () => {
  // 20:30 UTC on 25 November: already the 26th in Tokyo. 03:30 UTC on the 26th: still the 25th
  // in New York.
  const evening = new Date(Date.UTC(2026, 10, 25, 20, 30));
  const night = new Date(Date.UTC(2026, 10, 26, 3, 30));
  const days: Record<string, [string, string]> = {
    UTC: ['2026-11-25', '2026-11-26'],
    'Asia/Tokyo': ['2026-11-26', '2026-11-26'],
    'America/New_York': ['2026-11-25', '2026-11-25'],
  };

  it('carries the project’s slug and the local day', () => {
    const [first, second] = days[ZONE] ?? [
      localIsoTime(evening.getTime()).slice(0, 10),
      localIsoTime(night.getTime()).slice(0, 10),
    ];
    expect(exportFileName('csv', 'Acme', evening)).toBe(`mentions-acme-${first}.csv`);
    expect(exportFileName('json', null, night)).toBe(`mentions-all-projects-${second}.json`);
  });

  it('makes any name safe for a file: letters and digits of any script, hyphens between', () => {
    const day = new Date(2026, 0, 2, 12);
    expect(exportFileName('csv', 'Café & Co. / Ünïcode', day)).toBe(
      'mentions-cafe-co-unicode-2026-01-02.csv',
    );
    expect(exportFileName('csv', '日本語 ブランド', day)).toBe(
      'mentions-日本語-ブランド-2026-01-02.csv',
    );
    expect(exportFileName('csv', '../..\\:*?"<>|', day)).toBe('mentions-project-2026-01-02.csv');
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (name) => {
        const file = exportFileName('json', name, day);
        expect(file).toMatch(/^mentions-[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*-2026-01-02\.json$/u);
        expect(file.length).toBeLessThanOrEqual('mentions--2026-01-02.json'.length + 40 * 2);
      }),
    );
  });
});

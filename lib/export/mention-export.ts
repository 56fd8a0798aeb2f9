// Mentions as files to hand on: CSV for a spreadsheet (lib/export/csv.ts writes it safely) and JSON
// for a program, one record per mention in the order given (what the page shows, or its selection),
// and a file name that says which project and which day. Times are local (the browser's zone, or a
// named one) with their offset, so a colleague elsewhere reads the same instant.
import { csvFile, type CsvValue } from '@/lib/export/csv';
import { t, type MessageKey } from '@/lib/i18n';
import { sentimentOf, type Sentiment } from '@/lib/mention-view/mention-text';
import type { StoredMention } from '@/lib/mentions/store';
import { mentionAccount, pageKey } from '@/lib/mention-view/account-mentions';
import { siteOfUrl } from '@/lib/site/site';
import { localDayKey, wallClock } from '@/lib/time/local-day';

export interface ExportContext {
  /** A project's name in its account (the mention's; the first account's when not named). */
  projectName(id: number, account?: string): string;
  /**
   * With several accounts: the name each goes by, for an account column first in the CSV and an
   * `account` field in the JSON (none with one account: the files are what they always were).
   */
  accountName?(account: string): string;
  savedKeys: ReadonlySet<string>;
  /** An IANA zone for the dates; the browser's when absent. */
  timeZone?: string;
}

const COLUMNS = [
  'exportColumnProject',
  'exportColumnDate',
  'exportColumnSource',
  'exportColumnSentiment',
  'exportColumnTitle',
  'exportColumnSummary',
  'exportColumnAuthor',
  'exportColumnSite',
  'exportColumnUrl',
  'exportColumnKeywords',
  'exportColumnRead',
  'exportColumnSaved',
] as const satisfies readonly MessageKey[];

const SENTIMENT_WORD: Record<Sentiment, MessageKey> = {
  negative: 'exportSentimentNegative',
  neutral: 'exportSentimentNeutral',
  positive: 'exportSentimentPositive',
};

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * ISO 8601 with the local offset, to the second ('2026-11-25T14:03:07+09:00'); '' for an instant
 * no Date holds. The offset is what the zone's wall clock differs from UTC by at that instant, so
 * daylight saving time and half-hour zones come out right.
 */
function localIsoTime(epochMs: number, timeZone?: string): string {
  const clock = wallClock(epochMs, timeZone);
  if (clock === null) return '';
  const { year: y, month: mo, day: d, hour: h, minute: mi, second: s } = clock;
  const wall = new Date(0);
  wall.setUTCFullYear(y, mo - 1, d);
  wall.setUTCHours(h, mi, s);
  const offset = Math.round((wall.getTime() - Math.floor(epochMs / 1_000) * 1_000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return (
    `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}` +
    `${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
  );
}

/** The host of the mention's web link ('' when it has none): the site people know it by. */
function siteOf(mention: StoredMention): string {
  const site = siteOfUrl(mention.url);
  return site.ok ? site.host : '';
}

const isSaved = (mention: StoredMention, ctx: ExportContext) => ctx.savedKeys.has(pageKey(mention));

/** Header and one row per mention, in the order given (RFC 4180, UTF-8 with a byte-order mark). */
export function mentionsCsv(mentions: readonly StoredMention[], ctx: ExportContext): string {
  const yesNo = (value: boolean) => t(value ? 'exportYes' : 'exportNo');
  const { accountName } = ctx;
  const rows = mentions.map((m): CsvValue[] => [
    ...(accountName ? [accountName(mentionAccount(m))] : []),
    ctx.projectName(m.project_id, mentionAccount(m)),
    localIsoTime(m.addedAt, ctx.timeZone),
    m.source,
    t(SENTIMENT_WORD[sentimentOf(m.sentiment)]),
    m.title,
    m.text_summary ?? m.snippet,
    m.author,
    siteOf(m),
    m.url,
    m.keywords,
    yesNo(m.read),
    yesNo(isSaved(m, ctx)),
  ]);
  const columns = accountName ? (['exportColumnAccount', ...COLUMNS] as const) : COLUMNS;
  return csvFile(
    columns.map((key) => t(key)),
    rows,
  );
}

/**
 * A JSON array, one object per mention in the order given, pretty-printed. Its names and values are
 * for programs, not translated: the sentiment as a word and as the service's number, read and
 * saved as booleans, the summary and the snippet each as the service sent them.
 */
export function mentionsJson(mentions: readonly StoredMention[], ctx: ExportContext): string {
  const { accountName } = ctx;
  const records = mentions.map((m) => ({
    ...(accountName && { account: accountName(mentionAccount(m)) }),
    project: ctx.projectName(m.project_id, mentionAccount(m)),
    projectId: m.project_id,
    id: m.id,
    date: localIsoTime(m.addedAt, ctx.timeZone),
    source: m.source,
    sentiment: sentimentOf(m.sentiment),
    sentimentScore: Number.isFinite(m.sentiment) ? m.sentiment : 0,
    title: m.title,
    summary: m.text_summary,
    snippet: m.snippet,
    author: m.author,
    site: siteOf(m),
    url: m.url,
    keywords: m.keywords,
    read: m.read,
    saved: isSaved(m, ctx),
  }));
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** Longest slug a file name takes of a project's name. */
const MAX_SLUG = 40;

/**
 * A project's name as it can stand in a file name on any system: lower case, accents dropped,
 * every run of what is not a letter or digit one hyphen ('Café & Co.' → 'cafe-co'). Letters of
 * any script stay; a name of nothing but symbols is 'project'.
 */
function slugOf(name: string): string {
  const slug = name
    // Latin, Greek and Cyrillic accents go ('é' → 'e'); other scripts' marks stay ('ブ' is not 'フ').
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, MAX_SLUG).join('').replace(/-+$/, '') || 'project';
}

/**
 * "mentions-acme-2026-11-25.csv", "mentions-all-projects-2026-11-25.json": the project (null for
 * all) and the local day of `now` (the browser's zone, where the file is saved). English and
 * ASCII in its fixed parts, like a format name, so files sort and match alike in every language.
 */
export function exportFileName(
  format: 'csv' | 'json',
  projectName: string | null,
  now: Date,
): string {
  const project = projectName === null ? 'all-projects' : slugOf(projectName);
  return `mentions-${project}-${localDayKey(now.getTime())}.${format}`;
}

// A project's statistics as a tidy view. docs/service/api.md does not say what getProjectData
// returns, so the background hands over flat rows (`sources.reddit = 3`); here they are grouped by
// their first part and their keys made readable, without assuming any particular key.

export interface StatRow {
  key: string;
  value: string;
}

export interface StatGroup {
  /** The shared first part (`Sources`), or null for top-level values. */
  title: string | null;
  rows: { label: string; value: string }[];
}

/** `mentions_last_24h` → `Mentions last 24h`; `averageScore` → `Average score`. */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? key : words[0].toUpperCase() + words.slice(1);
}

const NUMBER = /^-?\d+(\.\d+)?$/;

// An identifier is a name, not a quantity: `1201`, never `1,201`.
const IDENTIFIER = /(^|[._\s-])id$/i;

/** The quantity a row holds, or null when it holds none (text, an identifier, an empty value). */
export function statQuantity(value: string, key = ''): number | null {
  if (!NUMBER.test(value.trim()) || IDENTIFIER.test(key)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Numbers in the reader's format (1,234.5); identifiers and anything else as sent; empty as a dash. */
function readableValue(value: string, locale: string, key = ''): string {
  if (value.trim() === '') return '—';
  const n = statQuantity(value, key);
  return n === null ? value : new Intl.NumberFormat(locale).format(n);
}

/**
 * Rows grouped by the first part of a dotted key, in the order the service sent them. A key with
 * one part is a top-level value; consecutive top-level values share one untitled group.
 */
export function groupStats(rows: readonly StatRow[], locale: string): StatGroup[] {
  const groups: StatGroup[] = [];
  const byTitle = new Map<string, StatGroup>();
  for (const { key, value } of rows) {
    const dot = key.indexOf('.');
    const shown = readableValue(value, locale, key);
    if (dot <= 0) {
      let last = groups[groups.length - 1];
      if (!last || last.title !== null) {
        last = { title: null, rows: [] };
        groups.push(last);
      }
      last.rows.push({ label: readableKey(key), value: shown });
      continue;
    }
    const title = readableKey(key.slice(0, dot));
    let group = byTitle.get(title);
    if (!group) {
      group = { title, rows: [] };
      byTitle.set(title, group);
      groups.push(group);
    }
    const rest = key
      .slice(dot + 1)
      .split('.')
      .map(readableKey)
      .join(' › ');
    group.rows.push({ label: rest, value: shown });
  }
  return groups;
}

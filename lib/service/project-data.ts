// A project's statistics, getProjectData ("get project statistics"): docs/service/api.md does not
// show the reply. We show it as the service sends it, as a flat list of key/value rows, without
// assuming any member names: `{"mentions":{"total":5,"by_source":{"reddit":3}}}` becomes
// `mentions.total = 5`, `mentions.by_source.reddit = 3`.
import { t } from '@/lib/i18n';
import { capLength } from '@/lib/mentions/plain-text';
import { ServiceError } from '@/lib/service/errors';
import { isRecord } from '@/lib/service/values';

export interface ProjectDataRow {
  key: string;
  value: string;
}

/** Bounds, so a huge or deeply nested reply cannot flood the options page. */
const PROJECT_DATA_MAX_ROWS = 500;
const MAX_DEPTH = 8;
const VALUE_MAX_CHARS = 500;

// An envelope around the statistics: only these members besides the payload, which is dropped
// into. `{"success":true,"data":{...}}` shows the data, not a row saying "success: true".

const ENVELOPE_MEMBERS = new Set(['success', 'status', 'message', 'code']);
const PAYLOAD_KEYS = ['data', 'result', 'stats', 'statistics'];

function unwrap(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const keys = Object.keys(body);
  const payloadKeys = keys.filter((key) => PAYLOAD_KEYS.includes(key));
  const onlyEnvelope = keys.every((key) => PAYLOAD_KEYS.includes(key) || ENVELOPE_MEMBERS.has(key));
  if (payloadKeys.length !== 1 || !onlyEnvelope) return body;
  const payload = body[payloadKeys[0]];
  return typeof payload === 'object' && payload !== null ? payload : body;
}

function valueText(value: unknown): string {
  return capLength(value === null || value === undefined ? '' : String(value), VALUE_MAX_CHARS);
}

function isPlain(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * The rows of a getProjectData reply. Objects are flattened with dotted keys; a list of plain
 * values is one row joined with ", "; a list of objects is flattened by index (`top.0.name`).
 * A bare value is one row with the key "value".
 */
export function flattenProjectData(body: unknown): { rows: ProjectDataRow[] } {
  const rows: ProjectDataRow[] = [];
  const visit = (value: unknown, key: string, depth: number): void => {
    if (rows.length >= PROJECT_DATA_MAX_ROWS) return;
    if (isPlain(value)) {
      rows.push({ key: key === '' ? 'value' : key, value: valueText(value) });
      return;
    }
    if (Array.isArray(value) && value.length === 0 && key === '') return;
    if (Array.isArray(value) && value.every(isPlain)) {
      rows.push({
        key: key === '' ? 'value' : key,
        value: valueText(value.map(valueText).join(', ')),
      });
      return;
    }
    if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) {
      rows.push({ key, value: '…' });
      return;
    }
    for (const [childKey, child] of Object.entries(value)) {
      visit(child, key === '' ? childKey : `${key}.${childKey}`, depth + 1);
    }
  };
  try {
    visit(unwrap(body), '', 0);
  } catch {
    // Only exotic values could throw in String(); a parsed JSON body has none. Be safe anyway.
    throw new ServiceError('bad-reply', t('errorStatsUnreadable'));
  }
  return { rows };
}

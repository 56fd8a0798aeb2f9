// The store's worst case at its limits stays under half the storage.local quota (issue 14: it was
// 26 MB, 2.5 times the quota). Deterministic: the same input every run.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, RECORD_BYTES_BUDGET } from '@/lib/mentions/caps';
import { entriesBytes, QUOTA_BYTES } from '../support/limits';
import {
  worstCaseEntries,
  worstCaseFigures,
  worstCaseStore,
  WORST_PROJECTS,
} from '../support/worst-case-store';

const utf8Json = (entries: Record<string, unknown>) =>
  Object.entries(entries).reduce(
    (n, [key, value]) => n + key.length + Buffer.byteLength(JSON.stringify(value), 'utf8'),
    0,
  );

describe('the worst case at the caps', () => {
  const figures = worstCaseFigures();

  it('is under 50% of the 10 MB quota, whatever the shape', () => {
    expect(figures).toHaveLength(8);
    for (const figure of figures) {
      expect(figure.bytes, JSON.stringify(figure.shape)).toBeLessThan(QUOTA_BYTES / 2);
      expect(figure.recordBytes).toBeLessThanOrEqual(RECORD_BYTES_BUDGET);
    }
  });

  it('reaches the limits it claims: the byte budget with huge records, the counts with small', () => {
    const huge = figures.filter((f) => f.shape.huge);
    const small = figures.filter((f) => !f.shape.huge);
    for (const f of huge) expect(f.recordBytes).toBeGreaterThan(RECORD_BYTES_BUDGET - 10_000);
    for (const f of small) expect(f.records).toBe(DEFAULT_LIMITS.total);
  });

  it('is measured at least as high as the UTF-8 JSON of the same keys', () => {
    const entries = worstCaseEntries(worstCaseStore({ huge: true, read: false, legacy: true }));
    expect(entriesBytes(entries)).toBeGreaterThanOrEqual(utf8Json(entries));
    expect(Object.keys(entries).filter((key) => key.startsWith('mentionFloor:'))).toHaveLength(
      WORST_PROJECTS,
    );
  });
});

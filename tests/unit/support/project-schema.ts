// Checks shared by the project schema's tests (projects/schema*.test.ts).

import { expect } from 'vitest';
import { fieldLabel } from '@/lib/projects/field-table';
import { validateProjectInput } from '@/lib/projects/schema';

/** Expects exactly one error, on `field`, whose message names the field and matches `pattern`. */
export function expectOnlyError(raw: unknown, field: string, pattern?: RegExp) {
  const result = validateProjectInput(raw);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(Object.keys(result.errors)).toEqual([field]);
  expect(result.errors[field]).toContain(fieldLabel(field));
  if (pattern) expect(result.errors[field]).toMatch(pattern);
}

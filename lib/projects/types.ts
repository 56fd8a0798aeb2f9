// The vocabulary of projects, shared by forms, validation, the service client and the store.
import type { CommonInput } from '@/lib/projects/field-table';

/** The six project types, spelled exactly as the service's `type` field. */
export const PROJECT_TYPES = [
  'backlinks',
  'brandMonitoring',
  'competitiveMonitoring',
  'topicMonitoring',
  'leadsSalesOpportunities',
  'startup',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Sources the service watches. The contract's "the service" source is `reddit` (service-notes.md). */
export const SOURCES = [
  'twitter',
  'linkedin',
  'social',
  'youtube',
  'reddit',
  'web',
  'blogs',
] as const;
export type Source = (typeof SOURCES)[number];

export type Flag = 0 | 1;

/**
 * A project as the user edits it and as we send it: the field table's common fields (field-table.ts),
 * each typed by its kind, and the type's own fields as strings in their wire form (a keyword list
 * already normalized and joined with "\n"); absent or empty means "not set".
 */
export type ProjectInput = CommonInput & { fields: Partial<Record<string, string>> };

/** A project record as the service returns it; its type is inferred from the record's schema. */
export type { ServiceProject } from '@/lib/service/replies';

/** Narrows text from a form, storage or the service to a known project type. */
export function isProjectType(value: unknown): value is ProjectType {
  return typeof value === 'string' && (PROJECT_TYPES as readonly string[]).includes(value);
}

/** Narrows text to a known source value. */
export function isSource(value: unknown): value is Source {
  return typeof value === 'string' && (SOURCES as readonly string[]).includes(value);
}

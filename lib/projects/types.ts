// The vocabulary of projects, shared by forms, validation, the service client and the store.

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
 * A project as the user edits it and as we send it. Type-specific fields are strings in their
 * wire form: a keyword list is already normalized and joined with "\n".
 */
export interface ProjectInput {
  name: string;
  type: ProjectType;
  /** Comma-separated language codes, or `all`. */
  language: string;
  source: Source[];
  /** Comma-separated location codes, or `all`. */
  location: string;
  email_notification: Flag;
  browser_notification: Flag;
  /** Only the fields of `type` (see fields.ts); absent or empty means "not set". */
  fields: Partial<Record<string, string>>;
}

/**
 * A project record as the service returns it. The contract does not show the record's shape, so
 * everything but the id and name is optional and unknown members are kept in `fields` as text.
 */
export interface ServiceProject {
  project_id: number;
  name: string;
  /** One of PROJECT_TYPES when the service sends a known type; kept verbatim otherwise. */
  type: string;
  language?: string;
  source?: string;
  location?: string;
  email_notification?: Flag;
  browser_notification?: Flag;
  /** The type-specific fields (and any other string members) exactly as sent. */
  fields: Record<string, string>;
}

/** Narrows text from a form, storage or the service to a known project type. */
export function isProjectType(value: unknown): value is ProjectType {
  return typeof value === 'string' && (PROJECT_TYPES as readonly string[]).includes(value);
}

/** Narrows text to a known source value. */
export function isSource(value: unknown): value is Source {
  return typeof value === 'string' && (SOURCES as readonly string[]).includes(value);
}

// The vocabulary of projects, shared by forms, validation, the service client and the store: the
// types and sources a project takes, and their words.

import type { CommonInput } from '@/lib/projects/field-table';
import { t, type MessageKey } from '@/lib/i18n';

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

/**
 * Sources the service watches. The "the service" source of docs/service/api.md is `reddit`
 * (docs/service/notes.md, "Known").
 */
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
 * A project as the user edits it and as we send it: the field table's common fields
 * (field-table.ts), each typed by its kind, and the type's own fields as strings in their wire form
 * (a keyword list already normalized and joined with "\n"); absent or empty means "not set".
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

// The words for the values a project's `type` and `source` take, and those values as the choices
// a form lists, in the contract's order.

const TYPE_LABELS: Readonly<Record<ProjectType, MessageKey>> = {
  backlinks: 'optionsType_backlinks',
  brandMonitoring: 'optionsType_brandMonitoring',
  competitiveMonitoring: 'optionsType_competitiveMonitoring',
  topicMonitoring: 'optionsType_topicMonitoring',
  leadsSalesOpportunities: 'optionsType_leadsSalesOpportunities',
  startup: 'optionsType_startup',
};

const SOURCE_LABELS: Readonly<Record<Source, MessageKey>> = {
  twitter: 'optionsSource_twitter',
  linkedin: 'optionsSource_linkedin',
  social: 'optionsSource_social',
  youtube: 'optionsSource_youtube',
  reddit: 'optionsSource_reddit',
  web: 'optionsSource_web',
  blogs: 'optionsSource_blogs',
};

export function typeLabel(type: ProjectType): string {
  return t(TYPE_LABELS[type]);
}

function sourceLabel(source: Source): string {
  return t(SOURCE_LABELS[source]);
}

/** A source as a mention names it: the service may add sources we do not know, shown as sent. */
export function sourceName(source: string): string {
  return Object.hasOwn(SOURCE_LABELS, source) ? sourceLabel(source as Source) : source;
}

/**
 * Every source with its label, in the contract's order: what a form lists as checkboxes. Marked
 * pure so that a bundle which never lists sources (the service worker) leaves it out.
 */
export const SOURCE_OPTIONS: readonly { readonly value: Source; readonly label: string }[] =
  /* @__PURE__ */ SOURCES.map((value) => ({
    value,
    get label() {
      return sourceLabel(value);
    },
  }));

/** Every type with its label, in the contract's order: what a form lists as choices (pure, too). */
export const TYPE_OPTIONS: readonly { readonly value: ProjectType; readonly label: string }[] =
  /* @__PURE__ */ PROJECT_TYPES.map((value) => ({
    value,
    get label() {
      return typeLabel(value);
    },
  }));

// The words for the values a project's `type` and `source` take, and those values as the choices
// a form lists, in the contract's order.

import { t, type MessageKey } from '@/lib/i18n';
import { PROJECT_TYPES, SOURCES, type ProjectType, type Source } from '@/lib/projects/types';

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

export function sourceLabel(source: Source): string {
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

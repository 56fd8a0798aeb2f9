// Zod schemas for the service's replies, and the decoders that turn a parsed JSON body into our
// types. Liberal by policy (service-notes.md): numbers may be strings, lists may be wrapped, and
// one unreadable record is skipped and counted instead of failing the whole reply.
//
// The decoders run after the HTTP layer has rejected error replies; what they cannot read they
// report as a ServiceError of kind 'bad-reply', never as any other exception.

import { z } from '@/lib/zod';
import { t, type MessageKey } from '../i18n';
import type { Flag, ServiceProject } from '../projects/types';
import { COMMON_FIELDS } from '../projects/fields';
import { findItem, findList, isRecord } from './envelope';
import { ServiceError } from './errors';
import type { Mention } from './mention';
import {
  fieldText,
  idValue,
  nullableTextValue,
  opaqueNumber,
  optionalCsvValue,
  optionalFlagValue,
  optionalIdValue,
  textValue,
} from './values';

/** A list as decoded: the records we could read and how many we could not. */
export interface DecodedList<T> {
  items: T[];
  skipped: number;
}

function decodeEach<T>(records: readonly unknown[], decode: (raw: unknown) => T | undefined) {
  const items: T[] = [];
  let skipped = 0;
  for (const raw of records) {
    const item = decode(raw);
    if (item === undefined) skipped += 1;
    else items.push(item);
  }
  return { items, skipped };
}

/** A whole sentence per reply (not "The service sent <what> ..."), so each translates whole. */
function badReply(key: MessageKey): ServiceError {
  return new ServiceError('bad-reply', t(key));
}

// ---------------------------------------------------------------------------------------------
// Mentions

/** A mention record; `project_id` may be missing (the caller knows which project it asked for). */
export const mentionRecordSchema = z.object({
  id: idValue,
  project_id: optionalIdValue,
  type: textValue,
  reddit_type: textValue,
  source: textValue,
  relevance_score: opaqueNumber,
  sentiment: opaqueNumber,
  title: textValue,
  text_summary: nullableTextValue,
  snippet: textValue,
  url: textValue,
  keywords: textValue,
  excluded_keywords: textValue,
  status: opaqueNumber,
  favorites: opaqueNumber,
  author: textValue,
  created: textValue,
  date_added: textValue,
  product_description: textValue,
});

const MENTION_LIST_KEYS = ['mentions', 'data', 'result'] as const;

/** One mention, or undefined when the record cannot be read (no usable id, an object as text...). */
export function decodeMention(raw: unknown, projectId?: number): Mention | undefined {
  const parsed = mentionRecordSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const owner = parsed.data.project_id ?? projectId;
  if (owner === undefined) return undefined;
  return { ...parsed.data, project_id: owner };
}

/**
 * getMentions: a bare array (the contract) or one wrapped under mentions/data/result. Records
 * without a project_id belong to `projectId`, the project asked for; records naming another
 * project are kept as sent (the contract's prose hints the reply may span projects).
 */
export function decodeMentionList(body: unknown, projectId?: number): DecodedList<Mention> {
  const list = findList(body, MENTION_LIST_KEYS);
  if (list === undefined) throw badReply('errorMentionsUnreadable');
  return decodeEach(list, (raw) => decodeMention(raw, projectId));
}

// ---------------------------------------------------------------------------------------------
// Projects

/** Members of a project record with a place of their own in ServiceProject; the rest go to `fields`. */
const PROJECT_MEMBERS = new Set<string>(['project_id', 'id', ...COMMON_FIELDS]);

export const projectRecordSchema = z.looseObject({
  project_id: optionalIdValue,
  id: optionalIdValue,
  name: textValue,
  type: textValue,
  language: optionalCsvValue,
  source: optionalCsvValue,
  location: optionalCsvValue,
  email_notification: optionalFlagValue,
  browser_notification: optionalFlagValue,
});

/**
 * One project, or undefined when the record cannot be read. The id is `project_id` (the contract's
 * name) or else `id`, or else `fallbackId` (getProject knows which project it asked for).
 */
export function decodeProject(raw: unknown, fallbackId?: number): ServiceProject | undefined {
  const parsed = projectRecordSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const record = parsed.data;
  const projectId = record.project_id ?? record.id ?? fallbackId;
  if (projectId === undefined) return undefined;

  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (PROJECT_MEMBERS.has(key)) continue;
    const text = fieldText(value);
    if (text !== undefined) fields[key] = text;
  }

  const project: ServiceProject = {
    project_id: projectId,
    name: record.name,
    type: record.type,
    fields,
  };
  // Optional members are left out rather than set to undefined, so records compare cleanly.
  if (record.language !== undefined) project.language = record.language;
  if (record.source !== undefined) project.source = record.source;
  if (record.location !== undefined) project.location = record.location;
  setFlag(project, 'email_notification', record.email_notification);
  setFlag(project, 'browser_notification', record.browser_notification);
  return project;
}

function setFlag(
  project: ServiceProject,
  key: 'email_notification' | 'browser_notification',
  value: Flag | undefined,
): void {
  if (value !== undefined) project[key] = value;
}

const PROJECT_LIST_KEYS = ['projects', 'data', 'result'] as const;
const PROJECT_ITEM_KEYS = ['project', 'data', 'result'] as const;

/** listProjects: a bare array or one wrapped under projects/data/result. */
export function decodeProjectList(body: unknown): DecodedList<ServiceProject> {
  const list = findList(body, PROJECT_LIST_KEYS);
  if (list === undefined) throw badReply('errorProjectListUnreadable');
  return decodeEach(list, (raw) => decodeProject(raw));
}

function looksLikeProject(value: Record<string, unknown>): boolean {
  return 'project_id' in value || 'id' in value || 'name' in value || 'type' in value;
}

/**
 * getProject: the record itself, wrapped under project/data/result, or a list holding it (one
 * element, or the one whose id is `projectId`).
 */
export function decodeProjectReply(body: unknown, projectId: number): ServiceProject {
  const pick = (list: unknown[]) =>
    list.find((raw) => decodeProject(raw)?.project_id === projectId);
  const raw = findItem(body, PROJECT_ITEM_KEYS, looksLikeProject, pick);
  const project = raw === undefined ? undefined : decodeProject(raw, projectId);
  if (project === undefined) throw badReply('errorProjectUnreadable');
  return project;
}

// ---------------------------------------------------------------------------------------------
// add / edit / remove

const ID_KEYS = ['project_id', 'id'] as const;
const ID_WRAPPER_KEYS = ['data', 'result', 'project'] as const;

/**
 * The new project's id from an addProject reply, if the reply carries one: `{"project_id":N}`,
 * `{"id":N}`, the same one wrapper deep, or a bare number. The reply has already been checked for
 * failure; anything else (`{"success":true}`, `{"status":"ok"}`, an empty body) is success
 * without an id, and the caller finds the project by listing.
 */
export function decodeAddReply(body: unknown): { projectId?: number } {
  const direct = idValue.safeParse(body);
  if (direct.success) return { projectId: direct.data };
  const id =
    idIn(body) ??
    firstDefined(ID_WRAPPER_KEYS, (key) => idIn(isRecord(body) ? body[key] : undefined));
  return id === undefined ? {} : { projectId: id };
}

function idIn(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  return firstDefined(ID_KEYS, (key) => {
    const parsed = optionalIdValue.safeParse(value[key]);
    return parsed.success ? parsed.data : undefined;
  });
}

function firstDefined<K, T>(keys: readonly K[], get: (key: K) => T | undefined): T | undefined {
  for (const key of keys) {
    const value = get(key);
    if (value !== undefined) return value;
  }
  return undefined;
}

// The decoders that turn each parsed reply into our types: mentions, projects and the add reply (a
// project's statistics: project-data.ts). Liberal by policy (docs/service/notes.md, "number types" and
// "listProjects / getProject / getProjectData replies"): numbers may be strings, lists may be
// wrapped, and one unreadable record is skipped and counted instead of failing the whole reply.
//
// The decoders run after the HTTP layer has rejected error replies; what they cannot read they
// report as a ServiceError of kind 'bad-reply', never as any other exception.

import { lazySchema, z } from '@/lib/zod';
import { t, uiLanguage, type MessageKey } from '@/lib/i18n';
import { COMMON_ROWS, type CommonKind, type CommonRow } from '@/lib/projects/field-table';
import {
  findItem,
  findList,
  isRecord,
  mentionRecordSchema,
  type Mention,
  fieldText,
  idValue,
  optionalCsvValue,
  optionalFlagValue,
  optionalIdValue,
  textValue,
} from '@/lib/service/values';
import { ServiceError } from '@/lib/service/errors';

/** A list as decoded: the records we could read and how many we could not. */
interface DecodedList<T> {
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

const MENTION_LIST_KEYS = ['mentions', 'data', 'result'] as const;

/** One mention, or undefined when the record cannot be read (no usable id, an object as text...). */
function decodeMention(raw: unknown, projectId?: number): Mention | undefined {
  const parsed = mentionRecordSchema().safeParse(raw);
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
  return decodeEach(mentionRecords(body), (raw) => decodeMention(raw, projectId));
}

/**
 * The most records one getMentions reply may hold: 50,000. A whole history of years is thousands
 * (docs/service/notes.md, "Reply sizes"), 100 times the store's cap for a project; records of a
 * real size fill the byte cap (reply-body.ts, MAX_REPLY_BYTES) near this count, so only a reply of tiny
 * records, which costs the heap the most per byte, meets it first.
 */
const MAX_REPLY_RECORDS = 50_000;

/**
 * getMentions' records as sent, not yet read one by one (the poll reads them against the store:
 * lib/mentions/merge.ts); a reply that holds no list is bad-reply, and so is one over
 * MAX_REPLY_RECORDS. Refused whole, not cut: the contract shows no order, so a cut could drop the
 * newest records, which the floor would then refuse for good; refused, nothing is lost and the
 * project's error says why.
 */
export function mentionRecords(body: unknown): unknown[] {
  const list = findList(body, MENTION_LIST_KEYS);
  if (list === undefined) throw badReply('errorMentionsUnreadable');
  if (list.length > MAX_REPLY_RECORDS) {
    const most = new Intl.NumberFormat(uiLanguage()).format(MAX_REPLY_RECORDS);
    throw new ServiceError('bad-reply', t('errorTooManyMentions', most));
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Projects

// How a record's member is read, by the kind of field it is (lib/projects/field-table.ts): name
// and type are text, the lists are text as sent, the flags 0|1 (absent when unreadable).

const RECORD_READERS = {
  name: textValue,
  type: textValue,
  languages: optionalCsvValue,
  sources: optionalCsvValue,
  locations: optionalCsvValue,
  flag: optionalFlagValue,
} as const satisfies Record<CommonKind, () => z.ZodMiniType>;

type RecordMembers = {
  [R in CommonRow as R['name']]: ReturnType<(typeof RECORD_READERS)[R['kind']]>;
};

/** Whether a record's member has a place of its own: every common field of the table. */
const isCommonMember = (key: string) => COMMON_ROWS.some((row) => row.name === key);

/**
 * A project as we keep it: its id, the common fields as their schema reads them (name and type
 * always, the rest only when sent), and every other member that is text in any sense, in `fields`
 * (the type-specific ones exactly as sent). The contract does not show the record's shape.
 */
export type ServiceProject = { project_id: number } & z.output<z.ZodMiniObject<RecordMembers>> & {
    /** The type-specific fields (and any other string members) exactly as sent. */
    fields: Record<string, string>;
  };

/** A project record: its ids and common fields read, every other member kept as sent. */
const projectRecordSchema = lazySchema(() =>
  z.looseObject({
    project_id: optionalIdValue(),
    id: optionalIdValue(),
    ...(Object.fromEntries(
      COMMON_ROWS.map((row) => [row.name, RECORD_READERS[row.kind]()]),
    ) as RecordMembers),
  }),
);

/**
 * One project, or undefined when the record cannot be read. The id is `project_id` (the contract's
 * name) or else `id`, or else `fallbackId` (getProject knows which project it asked for).
 */
function decodeProject(raw: unknown, fallbackId?: number): ServiceProject | undefined {
  const parsed = projectRecordSchema().safeParse(raw);
  if (!parsed.success) return undefined;
  const record = parsed.data as Record<string, unknown>;
  const projectId = parsed.data.project_id ?? parsed.data.id ?? fallbackId;
  if (projectId === undefined) return undefined;

  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'project_id' || key === 'id' || isCommonMember(key)) continue;
    const text = fieldText(value);
    if (text !== undefined) fields[key] = text;
  }

  const project = { project_id: projectId, fields } as Record<string, unknown>;
  // Optional members are left out rather than set to undefined, so records compare cleanly.
  for (const { name } of COMMON_ROWS) if (record[name] !== undefined) project[name] = record[name];
  return project as ServiceProject;
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
  const direct = idValue().safeParse(body);
  if (direct.success) return { projectId: direct.data };
  const id =
    idIn(body) ??
    firstDefined(ID_WRAPPER_KEYS, (key) => idIn(isRecord(body) ? body[key] : undefined));
  return id === undefined ? {} : { projectId: id };
}

function idIn(value: unknown): number | undefined {
  if (!isRecord(value)) return undefined;
  return firstDefined(ID_KEYS, (key) => {
    const parsed = optionalIdValue().safeParse(value[key]);
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

// Conversions at the edges of a project's life: a fresh form, a service record loaded for editing,
// and the form-urlencoded body that addProject and editProject take.

import {
  COMMON_ROWS,
  ownRowsOf,
  type CommonField,
  type CommonKind,
  type CommonRow,
  type CommonValues,
} from '@/lib/projects/field-table';
import {
  PROJECT_TYPES,
  SOURCES,
  isProjectType,
  type Flag,
  type ProjectInput,
  type ProjectType,
  type ServiceProject,
} from '@/lib/projects/types';

// How each kind of common field goes on the wire: lists comma-joined, flags as "1"/"0".
const WIRE: { readonly [K in CommonKind]: (value: CommonValues[K]) => string } = {
  name: (text) => text,
  type: (type) => type,
  languages: (codes) => codes,
  sources: (sources) => sources.join(','),
  locations: (codes) => codes,
  flag: (flag) => (flag === 1 ? '1' : '0'),
};

function commonValue<K extends CommonKind>(input: ProjectInput, row: CommonRow & { kind: K }) {
  return input[row.name] as CommonValues[K];
}

/**
 * The POST body: the common fields, then the type's own non-empty fields, in table order. Only
 * the type's fields are sent, even if `input.fields` holds others (a form that switched type).
 * Values go out as they are: `input` is expected to come from `validateProjectInput`.
 */
export function encodeProjectForm(input: ProjectInput): URLSearchParams {
  // A type the table does not know has no fields to send: no body can be right.
  if (!isProjectType(input.type)) throw new TypeError(`Not a project type: ${String(input.type)}`);
  const body = new URLSearchParams();
  for (const row of COMMON_ROWS) {
    const wire = WIRE[row.kind] as (value: unknown) => string;
    body.append(row.name, wire(commonValue(input, row)));
  }
  for (const { name } of ownRowsOf(input.type)) {
    const value = input.fields[name];
    if (value !== undefined && value !== '') body.append(name, value);
  }
  return body;
}

// What a new project starts with, by kind: everything watched, in every language and location;
// a flag takes its row's initial value.
const INITIAL: {
  readonly [K in CommonKind]: (row: CommonRow, type: ProjectType) => CommonValues[K];
} = {
  name: () => '',
  type: (_, type) => type,
  languages: () => 'all',
  sources: () => [...SOURCES],
  locations: () => 'all',
  flag: (row) => row.initial ?? 0,
};

/** What a new project form starts with. */
export function emptyProjectInput(type: ProjectType): ProjectInput {
  const input: Record<string, unknown> = { fields: {} };
  for (const row of COMMON_ROWS) input[row.name] = INITIAL[row.kind](row, type);
  return input as ProjectInput;
}

// A service record's common member as the edit form's starting value, by kind; undefined takes
// the new-project default. Sources keep the known values (none known: the default).
const FROM_SERVICE: {
  readonly [K in CommonKind]: (sent: unknown) => CommonValues[K] | undefined;
} = {
  name: (name) => name as string,
  type: () => undefined,
  languages: (codes) => nonBlank(codes as string | undefined),
  sources: (text) => {
    const sent = new Set(
      String(text ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase()),
    );
    const known = SOURCES.filter((s) => sent.has(s));
    return known.length > 0 ? known : undefined;
  },
  locations: (codes) => nonBlank(codes as string | undefined),
  flag: (flag) => flag as Flag | undefined,
};

export class UnknownProjectTypeError extends Error {
  constructor(
    readonly projectName: string,
    readonly projectType: string,
  ) {
    super(
      `The project "${projectName}" has the type "${projectType}", which cannot be edited here.`,
    );
    this.name = 'UnknownProjectTypeError';
  }
}

/**
 * A service record as the edit form's starting point. docs/service/api.md does not show the record,
 * so this is best effort: the type is matched ignoring case and spaces (an unknown type throws
 * UnknownProjectTypeError, since we cannot know its fields); missing or blank common fields take
 * the new-project defaults; sources keep the known values (all of them if none is known); the
 * type's own fields are taken as sent and others dropped. Values are not otherwise checked: the
 * form validates them on save, and the person sees exactly what the service holds until then.
 */
export function projectInputFromService(project: ServiceProject): ProjectInput {
  const wanted = project.type.trim().toLowerCase();
  const type = PROJECT_TYPES.find((t) => t.toLowerCase() === wanted);
  if (type === undefined) throw new UnknownProjectTypeError(project.name, project.type);

  const input = emptyProjectInput(type);
  const record = input as unknown as Record<CommonField, unknown>;
  for (const row of COMMON_ROWS) {
    record[row.name] = FROM_SERVICE[row.kind](project[row.name]) ?? record[row.name];
  }
  for (const { name } of ownRowsOf(type)) {
    const value = project.fields[name];
    if (value !== undefined && value.trim() !== '') input.fields[name] = value;
  }
  return input;
}

function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

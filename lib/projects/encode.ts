// Conversions at the edges of a project's life: a fresh form, a service record loaded for editing,
// and the form-urlencoded body that addProject and editProject take.

import { fieldsOf } from './fields';
import { validateProjectInput, type ProjectValidation } from './schema';
import {
  PROJECT_TYPES,
  SOURCES,
  type ProjectInput,
  type ProjectType,
  type ServiceProject,
} from './types';

/**
 * The POST body: the seven common fields, then the type's own non-empty fields in table order.
 * Only the type's fields are sent, even if `input.fields` holds others (a form that switched type).
 * Values go out as they are: `input` is expected to come from `validateProjectInput`.
 */
export function encodeProjectForm(input: ProjectInput): URLSearchParams {
  const body = new URLSearchParams();
  body.append('name', input.name);
  body.append('type', input.type);
  body.append('language', input.language);
  body.append('source', input.source.join(','));
  body.append('location', input.location);
  body.append('email_notification', input.email_notification === 1 ? '1' : '0');
  body.append('browser_notification', input.browser_notification === 1 ? '1' : '0');
  for (const { name } of fieldsOf(input.type)) {
    const value = input.fields[name];
    if (value !== undefined && value !== '') body.append(name, value);
  }
  return body;
}

/**
 * Reads a body like the one `encodeProjectForm` writes back into a checked ProjectInput: the same
 * rules as the form, so whatever one accepts the other does too. A repeated key is read by its
 * first value; `encodeProjectForm` never repeats one.
 */
export function decodeProjectForm(body: URLSearchParams): ProjectValidation {
  const raw: Record<string, string> = {};
  for (const [key, value] of body) if (!Object.hasOwn(raw, key)) raw[key] = value;
  return validateProjectInput(raw);
}

/** What a new project form starts with: everything watched, in every language and location. */
export function emptyProjectInput(type: ProjectType): ProjectInput {
  return {
    name: '',
    type,
    language: 'all',
    source: [...SOURCES],
    location: 'all',
    email_notification: 0,
    browser_notification: 1,
    fields: {},
  };
}

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
 * A service record as the edit form's starting point. The contract does not show the record, so
 * this is best effort: the type is matched ignoring case and spaces (an unknown type throws
 * UnknownProjectTypeError, since we cannot know its fields); missing or blank common fields take the
 * new-project defaults; sources keep the known values (all of them if none is known); the type's
 * own fields are taken as sent and others dropped. Values are not otherwise checked: the form
 * validates them on save, and the person sees exactly what the service holds until then.
 */
export function projectInputFromService(project: ServiceProject): ProjectInput {
  const wanted = project.type.trim().toLowerCase();
  const type = PROJECT_TYPES.find((t) => t.toLowerCase() === wanted);
  if (type === undefined) throw new UnknownProjectTypeError(project.name, project.type);

  const defaults = emptyProjectInput(type);
  const sent = new Set((project.source ?? '').split(',').map((s) => s.trim().toLowerCase()));
  const source = SOURCES.filter((s) => sent.has(s));
  const fields: Record<string, string> = {};
  for (const { name } of fieldsOf(type)) {
    const value = project.fields[name];
    if (value !== undefined && value.trim() !== '') fields[name] = value;
  }

  return {
    name: project.name,
    type,
    language: nonBlank(project.language) ?? defaults.language,
    source: source.length > 0 ? source : defaults.source,
    location: nonBlank(project.location) ?? defaults.location,
    email_notification: project.email_notification ?? defaults.email_notification,
    browser_notification: project.browser_notification ?? defaults.browser_notification,
    fields,
  };
}

function nonBlank(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

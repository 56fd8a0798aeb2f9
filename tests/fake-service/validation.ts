// Validation of addProject/editProject form bodies with the contract's rules. The first problem
// found is reported as "<field>: <what is wrong>", so a client test can assert which field was
// named. The rules on codes are lenient where the contract is silent (it does not list the codes).

import {
  BASE_FIELDS,
  DOMAIN_MAX_CHARS,
  NAME_MAX_CHARS,
  PROJECT_TYPES,
  SOURCES,
  TYPE_FIELDS,
  typeOfField,
} from './fields';

export interface ProjectData {
  name: string;
  type: string;
  language: string;
  source: string;
  location: string;
  email_notification: number;
  browser_notification: number;
  /** Type-specific fields as sent, all of them belonging to `type`. */
  fields: Record<string, string>;
}

export type ValidationResult = { ok: true; project: ProjectData } | { ok: false; message: string };

const LANGUAGE_CODE = /^[a-z]{2,3}(?:[-_][a-z\d]{2,8})?$/i;
const LOCATION_CODE = /^[a-z\d_-]{2,10}$/i;
/** Parameters the contract puts in the query string; in a body they are a client bug. */
const QUERY_ONLY = ['token', 'func', 'project_id'];

export function validateProjectForm(body: Record<string, string>): ValidationResult {
  const fail = (field: string, problem: string): ValidationResult => ({
    ok: false,
    message: `${field}: ${problem}`,
  });

  for (const field of QUERY_ONLY) {
    if (Object.hasOwn(body, field))
      return fail(field, 'belongs in the query string, not in the body');
  }
  for (const field of BASE_FIELDS) {
    if (!Object.hasOwn(body, field)) return fail(field, 'required');
  }

  const { name, type, language, source, location } = body;
  const nameChars = Array.from(name).length;
  if (nameChars < 1 || nameChars > NAME_MAX_CHARS) {
    return fail('name', `must be 1 to ${NAME_MAX_CHARS} characters (got ${nameChars})`);
  }
  if (name.trim() === '') return fail('name', 'must not be blank');

  if (!(PROJECT_TYPES as readonly string[]).includes(type)) {
    return fail('type', `must be one of ${PROJECT_TYPES.join(', ')}`);
  }

  const languageProblem = checkCodeList(language, LANGUAGE_CODE);
  if (languageProblem) return fail('language', languageProblem);

  const sources = source.split(',').map((item) => item.trim());
  const badSource = sources.find((item) => !(SOURCES as readonly string[]).includes(item));
  if (badSource !== undefined) {
    return fail(
      'source',
      `${badSource === '' ? 'empty value' : `unknown value "${clip(badSource)}"`}; allowed: ${SOURCES.join(', ')}`,
    );
  }

  const locationProblem = checkCodeList(location, LOCATION_CODE);
  if (locationProblem) return fail('location', locationProblem);

  for (const flag of ['email_notification', 'browser_notification'] as const) {
    if (body[flag] !== '1' && body[flag] !== '0') return fail(flag, 'must be 1 or 0');
  }

  const fields: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) {
    if ((BASE_FIELDS as readonly string[]).includes(field)) continue;
    const owner = typeOfField(field);
    if (owner === undefined) return fail(clip(field), 'unknown field');
    if (owner !== type) return fail(field, `only for type ${owner}, not ${type}`);
    if (TYPE_FIELDS[type][field] === 'domain') {
      const chars = Array.from(value).length;
      if (chars < 1 || chars > DOMAIN_MAX_CHARS) {
        return fail(
          field,
          `must be a domain of 1 to ${DOMAIN_MAX_CHARS} characters (got ${chars})`,
        );
      }
    }
    fields[field] = value;
  }

  return {
    ok: true,
    project: {
      name,
      type,
      language,
      source,
      location,
      email_notification: Number(body.email_notification),
      browser_notification: Number(body.browser_notification),
      fields,
    },
  };
}

/** `all`, or comma-separated codes; returns the problem or undefined. */
function checkCodeList(value: string, code: RegExp): string | undefined {
  if (value.trim().toLowerCase() === 'all') return undefined;
  const items = value.split(',').map((item) => item.trim());
  for (const item of items) {
    if (item === '') return 'empty code; use comma-separated codes or all';
    if (item.toLowerCase() === 'all') return '"all" cannot be combined with other codes';
    if (!code.test(item)) return `"${clip(item)}" is not a code; use comma-separated codes or all`;
  }
  return undefined;
}

// Messages quote input, but never a whole pasted paragraph.
function clip(text: string): string {
  const chars = Array.from(text);
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text;
}

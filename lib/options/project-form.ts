// The add/edit form's state and its checks. The form keeps a ProjectInput whose texts are exactly
// what the person typed; validation (lib/projects/schema.ts) turns it into what is sent. Keeping the
// raw text means nothing typed is ever lost: not on an error, not when the type is switched back.

import { emptyProjectInput } from '../projects/encode';
import { COMMON_FIELDS, domainFieldOf, fieldOf, fieldsOf } from '../projects/fields';
import { validateField, validateProjectInput, type ProjectErrors } from '../projects/schema';
import type { ProjectInput, ProjectType, Source } from '../projects/types';

export type ProjectFormState = ProjectInput;

/** Field names the form shows for a type, in the order it shows them (for "first invalid field"). */
export function formFieldOrder(type: ProjectType): string[] {
  return [
    'name',
    'type',
    ...fieldsOf(type).map((spec) => spec.name),
    'source',
    'language',
    'location',
    'email_notification',
    'browser_notification',
  ];
}

/** A new project's form; a deep link's domain goes into the type's website field and the name. */
export function newProjectForm(
  type: ProjectType,
  prefill: { domain?: string } = {},
): ProjectFormState {
  const form = emptyProjectInput(type);
  const domainField = domainFieldOf(type);
  if (prefill.domain) {
    form.name = prefill.domain;
    if (domainField) form.fields = { [domainField.name]: prefill.domain };
  }
  return form;
}

/**
 * Another type for the same form. Common fields stay; every type's own text stays too, so switching
 * away and back restores it; only the new type's fields are shown, checked and sent. A prefilled
 * website carries over to the new type's website field when that is still empty.
 */
export function changeFormType(form: ProjectFormState, type: ProjectType): ProjectFormState {
  if (type === form.type) return form;
  const fields = { ...form.fields };
  const from = domainFieldOf(form.type);
  const to = domainFieldOf(type);
  const site = from ? fields[from.name] : undefined;
  if (to && site && !fields[to.name]) fields[to.name] = site;
  return { ...form, type, fields };
}

/** The value of one field, by its contract name. */
export function formValue(form: ProjectFormState, name: string): unknown {
  if ((COMMON_FIELDS as readonly string[]).includes(name)) {
    return form[name as keyof ProjectInput];
  }
  return form.fields[name] ?? '';
}

export type FormFieldValue = string | Source[] | boolean;

/** The form with one field changed; flags take booleans, sources an array, the rest text. */
export function setFormValue(
  form: ProjectFormState,
  name: string,
  value: FormFieldValue,
): ProjectFormState {
  switch (name) {
    case 'name':
    case 'language':
    case 'location':
      return { ...form, [name]: String(value) };
    case 'source':
      return { ...form, source: Array.isArray(value) ? value : form.source };
    case 'email_notification':
    case 'browser_notification':
      return { ...form, [name]: value === true ? 1 : 0 };
    case 'type':
      return form;
    default:
      return { ...form, fields: { ...form.fields, [name]: String(value) } };
  }
}

/**
 * The check as the person leaves a field: its message, or undefined when it is fine. A valid
 * website comes back as its domain (`normalized`), so a pasted link is shown as what will be sent.
 */
export function checkFormField(
  form: ProjectFormState,
  name: string,
): { message?: string; normalized?: string } {
  const result = validateField(form.type, name, formValue(form, name));
  if (!result.ok) return { message: result.message };
  const spec = fieldOf(form.type, name);
  if (spec?.kind === 'domain' && typeof result.value === 'string') {
    return { normalized: result.value };
  }
  return {};
}

export type FormCheck =
  { ok: true; input: ProjectInput } | { ok: false; errors: ProjectErrors; first: string };

/** The check on submit: the input to send, or every message and the first field to fix. */
export function checkForm(form: ProjectFormState): FormCheck {
  const result = validateProjectInput(form);
  if (result.ok) return { ok: true, input: result.value };
  const order = formFieldOrder(form.type);
  const first = order.find((name) => result.errors[name] !== undefined) ?? order[0];
  return { ok: false, errors: result.errors, first };
}

/** Whether a field the service named is one this form shows, so its message can sit beside it. */
export function isFormField(type: ProjectType, name: string | undefined): name is string {
  return name !== undefined && formFieldOrder(type).includes(name);
}

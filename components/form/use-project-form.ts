// The one controller of a project form, for the options page's add/edit form and the popup's
// "monitor this site" form alike: the state as typed, a field checked as it is left and again as it
// is fixed, every field checked on submit, and focus moved to what needs reading (the first
// invalid field, the field the service named, or the alert) once the render that shows it is done.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CommandError } from '@/lib/messaging/protocol';
import { fieldLabel } from '@/lib/projects/field-table';
import {
  checkForm,
  checkFormField,
  setFormValue,
  type FormFieldValue,
  type ProjectFormState,
} from '@/lib/projects/form-state';
import type { ProjectErrors } from '@/lib/projects/schema';
import { type ProjectInput, type ProjectType, SOURCE_OPTIONS } from '@/lib/projects/types';

/** What a form's alert says; each page words it for its own place. */
interface ProjectFormWords {
  invalid(count: number): string;
  /** The service refused the field labelled `label`. */
  rejected(label: string): string;
  failed(message: string): string;
  /** Submitted before a type was chosen: what the alert says and the control focused (without
   * it such a submit does nothing). */
  chooseType?: { say: string; focus: string };
}

interface ProjectFormOptions {
  initial: ProjectFormState;
  /** Whether the type is chosen (the fields are shown) from the start. */
  chosen: boolean;
  /** Prefix of the form's control ids (look.ts). */
  prefix: string;
  /** The fields the form shows for a type, in its order. */
  shown(type: ProjectType): readonly string[];
  words: ProjectFormWords;
  /** Resolves with the failure, or null once saved. */
  onSubmit(input: ProjectInput): Promise<CommandError | null>;
  /** Before focus moves to a field: the short form opens "More options" if it is there. */
  reveal?(name: string): void;
}

export function useProjectForm(options: ProjectFormOptions) {
  const [form, setForm] = useState<ProjectFormState>(options.initial);
  const [chosen, setChosen] = useState(options.chosen);
  const [errors, setErrors] = useState<ProjectErrors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Blur and submit read the latest form, whatever render their handler was made in.
  const current = useRef(form);
  current.current = form;
  const mounted = useRef(true);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const pendingFocus = useRef<string | null>(null);

  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Focus moves after the render that shows the message, so it is read with the field.
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    if (id === 'summary') summaryRef.current?.focus();
    else document.getElementById(id)?.focus();
  });

  /** The id of the control that stands for a field, for focus and labels. */
  function controlId(name: string): string {
    const { prefix } = options;
    if (name === 'type') return `${prefix}-type-${current.current.type}`;
    if (name === 'source') {
      return `${prefix}-source-${current.current.source[0] ?? SOURCE_OPTIONS[0].value}`;
    }
    return `${prefix}-${name}`;
  }

  function focusField(name: string) {
    options.reveal?.(name);
    pendingFocus.current = controlId(name);
  }

  function replace(next: ProjectFormState) {
    current.current = next;
    setForm(next);
  }

  function update(name: string, value: FormFieldValue, checkNow = false) {
    const next = setFormValue(current.current, name, value);
    replace(next);
    // A field already marked wrong is checked again as it is fixed; sources on every change.
    if (checkNow || errors[name] !== undefined) {
      const message = checkFormField(next, name).message;
      setErrors((before) => ({ ...before, [name]: message }));
    }
  }

  function leave(name: string) {
    const result = checkFormField(current.current, name);
    setErrors((before) => ({ ...before, [name]: result.message }));
    if (result.normalized !== undefined && result.normalized !== current.current.fields[name]) {
      update(name, result.normalized);
    }
  }

  /** The form for a newly chosen type; messages about fields it no longer shows are dropped. */
  function choose(next: ProjectFormState) {
    replace(next);
    setChosen(true);
    const shown = new Set(options.shown(next.type));
    setErrors((before) =>
      Object.fromEntries(Object.entries(before).filter(([name]) => shown.has(name))),
    );
  }

  async function submit(event: Event) {
    event.preventDefault();
    if (submitting) return;
    const { words } = options;
    if (!chosen) {
      if (words.chooseType === undefined) return;
      setSummary(words.chooseType.say);
      pendingFocus.current = words.chooseType.focus;
      return;
    }
    const check = checkForm(current.current, options.shown(current.current.type));
    if (!check.ok) {
      setErrors(check.errors);
      setSummary(words.invalid(check.count));
      focusField(check.first);
      return;
    }
    setErrors({});
    setSummary(null);
    setSubmitting(true);
    const failure = await options.onSubmit(check.input);
    if (!mounted.current) return;
    setSubmitting(false);
    if (!failure) return;
    const field = failure.field;
    const shown = options.shown(current.current.type);
    if (failure.kind === 'invalid-input' && field !== undefined && shown.includes(field)) {
      setErrors({ [field]: failure.message });
      setSummary(words.rejected(fieldLabel(field)));
      focusField(field);
    } else {
      setSummary(words.failed(failure.message));
      pendingFocus.current = 'summary';
    }
  }

  return {
    form,
    chosen,
    errors,
    summary,
    submitting,
    summaryRef,
    /** The latest form, for handlers that run before the next render. */
    current: () => current.current,
    controlId,
    update,
    leave,
    choose,
    submit,
  };
}

export type ProjectFormController = ReturnType<typeof useProjectForm>;

// The options page's add/edit form (tests/unit/components/options/ProjectForm*.test.tsx):
// rendered with spied callbacks, and driven like a person: choose a type, type, leave, submit.

import { fireEvent, render, screen } from '@testing-library/preact';
import type { ComponentProps } from 'preact';
import { vi } from 'vitest';
import { ProjectForm } from '@/components/options/ProjectForm';
import type { CommandError } from '@/lib/messaging/protocol';
import { newProjectForm } from '@/lib/projects/form-state';
import { type ProjectInput, type ProjectType, typeLabel } from '@/lib/projects/types';

type ProjectFormProps = ComponentProps<typeof ProjectForm>;

export function renderForm(props: Partial<ProjectFormProps> = {}) {
  const onSubmit = vi.fn<(input: ProjectInput) => Promise<CommandError | null>>(async () => null);
  const onCancel = vi.fn();
  const view = render(
    <ProjectForm
      mode="add"
      initial={newProjectForm('brandMonitoring')}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { ...view, onSubmit: props.onSubmit ? vi.mocked(props.onSubmit) : onSubmit, onCancel };
}

export function chooseType(type: ProjectType) {
  fireEvent.click(screen.getByRole('radio', { name: typeLabel(type) }));
}

/** The ids of every field control the form shows (type radios aside). */
export function shownControls(): string[] {
  return [...document.querySelectorAll('form input, form textarea, form select')]
    .filter((el) => (el as HTMLInputElement).type !== 'radio')
    .map((el) => el.id)
    .sort();
}

export function type(label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.input(field, { target: { value } });
  return field;
}

export function leave(label: string | RegExp, value?: string) {
  const field =
    value === undefined ? (screen.getByLabelText(label) as HTMLInputElement) : type(label, value);
  fireEvent.blur(field);
  return field;
}

export function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.classList.contains('field-error'));
  return error?.textContent ?? null;
}

export function submit() {
  fireEvent.click(screen.getByRole('button', { name: /^(Add project|Save changes)$/ }));
}

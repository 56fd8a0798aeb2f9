// @vitest-environment happy-dom
// Both project forms render their fields from the field table: the options form every row of the
// chosen type, the popup's site form the rows the site fills and the common ones, each in the
// table's form order, labelled with the row's label.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POPUP_LOOK } from '@/components/form/look';
import { ProjectForm } from '@/components/options/ProjectForm';
import { SiteForm } from '@/components/SiteForm';
import {
  formFieldsOf,
  newProjectForm,
  sectionOf,
  siteFormFieldsOf,
} from '@/lib/projects/form-state';
import { PROJECT_TYPES, typeLabel } from '@/lib/projects/types';
import { SITE_PROJECT_TYPES } from '@/lib/site/site';

afterEach(() => cleanup());

/** The label of every field control in page order; a group of checkboxes is its legend, once. */
function renderedLabels(): string[] {
  const labels: string[] = [];
  for (const control of document.querySelectorAll('form input, form textarea')) {
    const input = control as HTMLInputElement;
    if (input.type === 'radio') continue;
    const group = input.type === 'checkbox' && input.getAttribute('role') !== 'switch';
    const text = group
      ? input.closest('fieldset')!.querySelector('legend')!.textContent!
      : document.querySelector(`label[for="${input.id}"]`)!.textContent!;
    if (labels.at(-1) !== text) labels.push(text);
  }
  return labels;
}

const noop = vi.fn(async () => null);

describe('the options form', () => {
  it.each(PROJECT_TYPES)('%s: every row of the type, in form order', (type) => {
    render(
      <ProjectForm mode="add" initial={newProjectForm(type)} onSubmit={noop} onCancel={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: typeLabel(type) }));
    const expected = formFieldsOf(type).filter((spec) => spec.kind !== 'type');
    expect(renderedLabels()).toEqual(expected.map((spec) => spec.label));
  });
});

describe('the site form', () => {
  it.each(SITE_PROJECT_TYPES)('%s: the rows the site fills and the common ones', (type) => {
    render(<SiteForm host="acme.test" title="Acme" onSubmit={noop} onCancel={vi.fn()} />);
    const name = {
      brandMonitoring: 'Brand',
      backlinks: 'Backlinks',
      competitiveMonitoring: 'Competitor',
    };
    fireEvent.click(screen.getByRole('radio', { name: name[type] }));
    const specs = siteFormFieldsOf(type);
    const switches = specs.filter((spec) => sectionOf(spec) === 'notify');
    const expected = [
      ...specs.filter((spec) => sectionOf(spec) !== 'notify'),
      ...switches.sort(POPUP_LOOK.switchOrder),
    ];
    expect(renderedLabels()).toEqual(expected.map((spec) => spec.label));
    // The site fills its own rows: the host, and the site's name as a keyword.
    const host = specs.find((spec) => spec.site === 'host')!;
    expect((screen.getByLabelText(host.label) as HTMLInputElement).value).toBe('acme.test');
  });
});

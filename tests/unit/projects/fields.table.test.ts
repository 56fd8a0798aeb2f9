// What is derived from the field table (lib/projects/fields.ts) follows it row for row: the request
// body, the new project, the form's order, what the form produces passing the schema, and the
// members a service record keeps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyProjectInput, encodeProjectForm } from '@/lib/projects/encode';
import { allFieldsOf } from '@/lib/projects/fields';
import { FIELD_TABLE } from '@/lib/projects/field-table';
import {
  checkForm,
  formFieldOrder,
  newProjectForm,
  setFormValue,
  siteFormFields,
} from '@/lib/projects/form-state';
import { validateProjectInput } from '@/lib/projects/schema';
import { PROJECT_TYPES } from '@/lib/projects/types';
import { decodeProjectList } from '@/lib/service/replies';
import { SITE_PROJECT_TYPES } from '@/lib/site/site';
import { nameArb, ownFieldsOf, projectInputArb, typeArb } from '../support/project-arbitraries';

const rowsOf = (type: string) => FIELD_TABLE.filter((r) => r.types === 'all' || r.types === type);

describe('the request body', () => {
  it('sends exactly the table rows of the type, in table order (empty own fields left out)', () => {
    fc.assert(
      fc.property(projectInputArb, (input) => {
        const sent = [...encodeProjectForm(input).keys()];
        const expected = rowsOf(input.type)
          .filter((r) => r.types === 'all' || (input.fields[r.name] ?? '') !== '')
          .map((r) => r.name);
        expect(sent).toEqual(expected);
        // And the schema reads the body back as the same project.
        const checked = validateProjectInput(Object.fromEntries(encodeProjectForm(input)));
        expect(checked.ok && checked.value).toEqual(input);
      }),
    );
  });
});

describe('the form', () => {
  it.each(PROJECT_TYPES)('%s: shows every row of its type once', (type) => {
    expect([...formFieldOrder(type)].sort()).toEqual(
      rowsOf(type)
        .map((r) => r.name)
        .sort(),
    );
    expect(allFieldsOf(type).map((spec) => spec.name)).toEqual(rowsOf(type).map((r) => r.name));
  });

  it('a new project starts with each flag at its row’s initial value', () => {
    const input = emptyProjectInput('startup') as unknown as Record<string, unknown>;
    for (const r of FIELD_TABLE) if (r.kind === 'flag') expect(input[r.name]).toBe(r.initial);
  });

  it('what the form produces passes the schema, whatever is typed into the name', () => {
    fc.assert(
      fc.property(typeArb, nameArb, fc.boolean(), (type, name, flag) => {
        let form = setFormValue(newProjectForm(type), 'name', name);
        for (const r of FIELD_TABLE) if (r.kind === 'flag') form = setFormValue(form, r.name, flag);
        const check = checkForm(form);
        expect(check.ok).toBe(true);
        if (check.ok) expect([...encodeProjectForm(check.input).keys()]).toContain('name');
      }),
    );
  });

  it.each(SITE_PROJECT_TYPES)('the site form of %s shows the rows the site fills', (type) => {
    const filled = ownFieldsOf(type).filter((spec) => spec.site !== undefined);
    expect(filled.map((spec) => spec.site)).toContain('host');
    const own = siteFormFields(type).filter((name) =>
      ownFieldsOf(type).some((f) => f.name === name),
    );
    expect(own).toEqual(filled.map((spec) => spec.name));
  });
});

describe('the service record', () => {
  it('keeps every common row as a member of its own and the rest in `fields`', () => {
    const raw: Record<string, unknown> = { project_id: 7, extra: 'x' };
    for (const r of FIELD_TABLE) {
      raw[r.name] = r.kind === 'flag' ? 1 : r.name === 'type' ? 'startup' : 'v';
    }
    const project = decodeProjectList([raw]).items[0];
    const common = FIELD_TABLE.filter((r) => r.types === 'all').map((r) => r.name);
    expect(Object.keys(project).sort()).toEqual(['fields', 'project_id', ...common].sort());
    const own = FIELD_TABLE.filter((r) => r.types !== 'all').map((r) => r.name);
    expect(Object.keys(project.fields).sort()).toEqual([...own, 'extra'].sort());
  });
});

// A project's fields as a form shows them, each control chosen by the field's kind in the field
// table (lib/projects/fields.ts): a line or a box of text, the sources as checkboxes, a flag as a
// switch. Both project forms render their fields through here, dressed by their page's look.
import { formValue, sectionOf, type FormSection } from '@/lib/projects/form-state';
import type { AnyFieldSpec } from '@/lib/projects/fields';
import type { Source } from '@/lib/projects/types';
import type { FormLook } from '@/components/form/look';
import { SourceCheckboxes, toggledSources } from '@/components/form/SourceCheckboxes';
import { Switch } from '@/components/form/Switch';
import { describedBy, FieldError, hintId, TextField } from '@/components/form/TextField';
import type { ProjectFormController } from '@/components/form/use-project-form';

interface FieldProps {
  spec: AnyFieldSpec;
  ctl: ProjectFormController;
  look: FormLook;
}

/** One field's control. The type is not one: each form offers the types its own way. */
function FieldControl({ spec, ctl, look }: FieldProps) {
  const id = `${look.prefix}-${spec.name}`;
  const value = formValue(ctl.form, spec.name);
  switch (spec.kind) {
    case 'type':
      return null;
    case 'sources':
      return <SourcesField spec={spec} ctl={ctl} look={look} />;
    case 'flag':
      return (
        <Switch
          id={id}
          label={spec.label}
          hint={look.hintOf(spec)}
          checked={value === 1}
          look={look}
          onChange={(on) => ctl.update(spec.name, on)}
        />
      );
  }
  const multiline = spec.kind === 'keywords' || spec.kind === 'description';
  // Addresses and codes are not words: no spelling marks under them.
  const plain = spec.kind === 'domain' || spec.kind === 'languages' || spec.kind === 'locations';
  return (
    <TextField
      id={id}
      label={spec.label}
      hint={look.hintOf(spec)}
      value={String(value)}
      error={ctl.errors[spec.name]}
      required={look.markRequired && spec.kind === 'name' ? true : undefined}
      multiline={multiline}
      rows={multiline ? look.linesOf(spec) : undefined}
      inputMode={spec.kind === 'domain' ? 'url' : undefined}
      spellcheck={plain ? false : undefined}
      look={look}
      onInput={(text) => ctl.update(spec.name, text)}
      onBlur={() => ctl.leave(spec.name)}
    />
  );
}

/** The sources: a group of checkboxes, checked again on every change. */
function SourcesField({ spec, ctl, look }: FieldProps) {
  const id = `${look.prefix}-${spec.name}`;
  const error = ctl.errors[spec.name];
  const hint = look.hintOf(spec);
  const toggle = (source: Source, on: boolean) =>
    ctl.update(spec.name, toggledSources(ctl.current().source, source, on), true);
  return (
    <fieldset
      class={error ? `${look.sources} ${look.invalid}` : look.sources}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend class={look.legend}>{spec.label}</legend>
      <SourceCheckboxes
        idPrefix={id}
        selected={ctl.form.source}
        invalid={!!error}
        gridClass={look.grid}
        itemClass={look.check}
        onToggle={toggle}
      />
      {hint && (
        <p id={hintId(id)} class={look.hint}>
          {hint}
        </p>
      )}
      {error && <FieldError id={id} look={look} message={error} />}
    </fieldset>
  );
}

interface SectionProps {
  section: FormSection;
  /** The fields the form shows, in its order; those of other sections are left out. */
  specs: readonly AnyFieldSpec[];
  ctl: ProjectFormController;
  look: FormLook;
}

/**
 * One section's fields. Where to look: the lists of choices, then the short code fields side by
 * side on one line. How to tell: the switches in the look's order. The rest: one after another.
 */
export function SectionFields({ section, specs, ctl, look }: SectionProps) {
  const own = specs.filter((spec) => sectionOf(spec) === section);
  const control = (spec: AnyFieldSpec) => (
    <FieldControl key={spec.name} spec={spec} ctl={ctl} look={look} />
  );
  if (section === 'where') {
    const lists = own.filter((spec) => spec.kind === 'sources');
    const line = own.filter((spec) => spec.kind !== 'sources');
    return (
      <>
        {lists.map(control)}
        <div class={look.line}>{line.map(control)}</div>
      </>
    );
  }
  if (section === 'notify' && look.switchOrder) own.sort(look.switchOrder);
  return <>{own.map(control)}</>;
}

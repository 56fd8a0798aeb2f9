// The sources of a project as checkboxes, one per source the service watches. Shared by the
// options page's project form and the popup's short "monitor this site" form, which wrap it in
// their own fieldset, legend, hint and error.
import { type Source, SOURCE_OPTIONS } from '@/lib/projects/types';

interface Props {
  /** Prefix of each checkbox's id: `${idPrefix}-${source}`. */
  idPrefix: string;
  selected: readonly Source[];
  invalid: boolean;
  /** Class names of the grid and of each checkbox with its label (the two pages style them). */
  gridClass: string;
  itemClass: string;
  onToggle(source: Source, on: boolean): void;
}

export function SourceCheckboxes(props: Props) {
  return (
    <div class={props.gridClass}>
      {SOURCE_OPTIONS.map((option) => (
        <div class={props.itemClass} key={option.value}>
          <input
            type="checkbox"
            id={`${props.idPrefix}-${option.value}`}
            checked={props.selected.includes(option.value)}
            aria-invalid={props.invalid ? 'true' : undefined}
            onChange={(event) => props.onToggle(option.value, event.currentTarget.checked)}
          />
          <label for={`${props.idPrefix}-${option.value}`}>{option.label}</label>
        </div>
      ))}
    </div>
  );
}

/** The sources after one was ticked or unticked, in the order the person ticked them. */
export function toggledSources(current: readonly Source[], source: Source, on: boolean): Source[] {
  const others = current.filter((s) => s !== source);
  return on ? [...others, source] : others;
}

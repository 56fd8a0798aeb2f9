// The kinds the validation kit (lib/validation.ts) is made of, as our own code: valibot's types
// (the schemas' inputs and outputs, InferOutput) with a runtime of a few lines. valibot's own built
// each issue with its English words, a stringified input and a dozen members nobody read (0.5 KB
// gzip of the worker). Same semantics as the kit used them: a pipe stops at the first issue; a
// parse fails with the issues, the first one's message what the kit passes on. The steps run as
// valibot's do (`~run` over a dataset), so valibot's own parse runs the kit's schemas (its tests).
//
// Schemas import these as `v` from lib/validation.ts, a namespace: a bundle keeps the kinds it
// calls (the worker, no raw transform of its own).
import type * as valibot from 'valibot';

interface Issue {
  message: string;
  input: unknown;
}
interface Dataset {
  value: unknown;
  issues?: Issue[];
}
interface Step {
  '~run'(dataset: Dataset): Dataset;
}
type Message = string | ((issue: Issue) => string) | undefined;

// The types schema modules name as `v.InferOutput` and so on: valibot's own.
export type InferOutput<T extends valibot.GenericSchema> = valibot.InferOutput<T>;
export type InferInput<T extends valibot.GenericSchema> = valibot.InferInput<T>;
export type GenericSchema<I = unknown, O = I> = valibot.GenericSchema<I, O>;
export type ErrorMessage<T extends valibot.BaseIssue<unknown>> = valibot.ErrorMessage<T>;
export type CustomIssue = valibot.CustomIssue;

type Schema<Output = unknown, Input = unknown> = GenericSchema<Input, Output>;

function addIssue(dataset: Dataset, message: Message, input: unknown): void {
  // No words given: no message (valibot's English never reached anyone; the callers' own
  // fallbacks, such as optionsRuleInvalid, apply).
  const issue: Issue = { message: undefined as unknown as string, input };
  issue.message = (typeof message === 'function' ? message(issue) : message) as string;
  (dataset.issues ??= []).push(issue);
}

export const custom = ((check: (value: unknown) => boolean, message?: Message): Step => ({
  '~run'(dataset) {
    if (!check(dataset.value)) addIssue(dataset, message, dataset.value);
    return dataset;
  },
})) as unknown as typeof valibot.custom;

export const rawTransform = ((
  action: (context: {
    dataset: Dataset;
    addIssue(info: { message?: string; input?: unknown }): void;
    NEVER: never;
  }) => unknown,
): Step => ({
  '~run'(dataset) {
    const value = action({
      dataset,
      addIssue: (info) =>
        addIssue(dataset, info.message, 'input' in info ? info.input : dataset.value),
      NEVER: undefined as never,
    });
    if (!dataset.issues) dataset.value = value;
    return dataset;
  },
})) as unknown as typeof valibot.rawTransform;

export const pipe = ((...steps: Step[]): Step => ({
  '~run'(dataset) {
    for (const step of steps) {
      if (dataset.issues) break;
      dataset = step['~run'](dataset);
    }
    return dataset;
  },
})) as unknown as typeof valibot.pipe;

export const safeParse = ((schema: Step, input: unknown) => {
  const { value, issues } = schema['~run']({ value: input });
  return { success: !issues, output: value, issues };
}) as unknown as typeof valibot.safeParse;

/**
 * A value made of parts, each read by its own schema: `accepts` checks the whole (else it fails
 * with no words), `build` makes the output from the parts as `part` reads them. The first part
 * that fails fails the whole, with that part's message and value (the rest are read and dropped).
 */
export function ofParts<I, O>(
  accepts: (value: unknown) => boolean,
  build: (whole: I, part: <T>(schema: Schema<T>, value: unknown) => T) => O,
): Schema<O, I> {
  const step: Step = {
    '~run'(dataset) {
      const whole = dataset.value;
      if (!accepts(whole)) {
        addIssue(dataset, undefined, whole);
        return dataset;
      }
      const output = build(whole as I, (schema, value) => {
        const result = (schema as unknown as Step)['~run']({ value });
        if (result.issues && !dataset.issues) addIssue(dataset, result.issues[0].message, value);
        return result.value as never;
      });
      if (!dataset.issues) dataset.value = output;
      return dataset;
    },
  };
  return step as unknown as Schema<O, I>;
}

// A project as the worker takes it from a page: checked for its shape only. The form's rules
// (lengths, language and location codes, domains, keyword lists: lib/projects/schema.ts) run on
// the page, which sends what they gave (checkForm's value); they could not fail for a page of ours,
// and their words are for a form, not the worker. What it keeps is what the request body needs
// (lib/projects/encode.ts sends the values as they are): every common field of its kind, a known
// type, the name not blank, the type's own fields as text. Anything else is refused before the
// service is asked, naming the first field that is wrong.
import { lazySchema, z } from '@/lib/zod';
import {
  COMMON_ROWS,
  ownRowsOf,
  type CommonKind,
  type CommonRow,
  type CommonValues,
} from '@/lib/projects/field-table';
import { PROJECT_TYPES, SOURCES, type ProjectInput } from '@/lib/projects/types';
import { isRecord } from '@/lib/service/values';

const KIND_SCHEMAS: { readonly [K in CommonKind]: () => z.ZodMiniType<CommonValues[K]> } = {
  name: () => z.string().check(z.refine((name) => name.trim() !== '')),
  type: () => z.enum(PROJECT_TYPES),
  languages: () => z.string(),
  sources: () => z.array(z.enum(SOURCES)).check(z.minLength(1)),
  locations: () => z.string(),
  flag: () => z.literal([0, 1]),
};

/** Anything that is not an object reads as an empty one, so its failure names a field too. */
const asRecord = (value: unknown) => (isRecord(value) ? value : {});

/**
 * The common fields in the table's order (zod reports a failing member in the order of its shape),
 * then the type's own fields: each present one must be text, and other members are dropped.
 */
const projectShapeSchema = lazySchema(() =>
  z.pipe(
    z.pipe(
      z.transform(asRecord),
      z.object({
        ...(Object.fromEntries(
          COMMON_ROWS.map(({ name, kind }) => [name, KIND_SCHEMAS[kind]()]),
        ) as { [R in CommonRow as R['name']]: z.ZodMiniType<CommonValues[R['kind']]> }),
        fields: z.transform(asRecord),
      }),
    ),
    z.transform(({ fields: sent, ...common }, ctx) => {
      const fields: Record<string, string> = {};
      for (const { name } of ownRowsOf(common.type)) {
        const text = sent[name];
        if (text === undefined) continue;
        if (typeof text !== 'string') {
          ctx.issues.push({ code: 'custom', input: text, path: [name] });
          return z.NEVER;
        }
        fields[name] = text;
      }
      return { ...common, fields };
    }),
  ),
);

type ProjectShape = { ok: true; value: ProjectInput } | { ok: false; field: string };

/** The project to send, or the first field (in the table's order) whose value is not of its kind. */
export function projectShape(raw: unknown): ProjectShape {
  const result = projectShapeSchema().safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, field: String(result.error.issues[0].path[0]) };
}

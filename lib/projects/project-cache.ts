// The last project list the service gave us, so pages can name projects and count per project
// without asking the service. Written only by the background after a successful listProjects, and
// read through parseCachedProjects: storage may hold an older format or damage, and a page must
// never crash on a project whose name is not text.
import { droppable, keptList, keptRecord, leftOut, lazySchema, z } from '@/lib/zod';
import { COMMON_ROWS, type CommonKind } from '@/lib/projects/field-table';
import type { Flag, ServiceProject } from '@/lib/projects/types';

/** Damage, not a project list: a cache never holds more (the store's total cap is far lower). */
const MAX_PROJECTS = 1_000;

// A common member by its kind (lib/projects/field-table.ts): a missing name or type is '' (pages
// name such a project by its id), a damaged list or flag is left out. A flag is written as 0 or 1
// rather than copied, so -0 (which the literal 0 lets in) is stored as 0.
const MEMBER_READERS = {
  name: () => z.catch(z.string(), ''),
  type: () => z.catch(z.string(), ''),
  languages: () => droppable(z.string()),
  sources: () => droppable(z.string()),
  locations: () => droppable(z.string()),
  flag: () =>
    droppable(
      z.pipe(
        z.literal([0, 1]),
        z.transform((f): Flag => (f === 1 ? 1 : 0)),
      ),
    ),
} satisfies Record<CommonKind, () => z.ZodMiniType>;

/** One cached project: a usable id, its members checked one by one, only text kept in `fields`. */
const cachedProjectSchema = lazySchema(() =>
  leftOut(
    z.object({
      // `+ 0` turns -0 into 0: storage gives back JSON, where the two are one.
      project_id: z.pipe(
        z.int().check(z.nonnegative()),
        z.transform((id) => id + 0),
      ),
      ...Object.fromEntries(COMMON_ROWS.map((row) => [row.name, MEMBER_READERS[row.kind]()])),
      fields: keptRecord(z.string(), z.string()),
    }),
  ),
);

// One record per id: a duplicate would be counted twice on every page.
const cachedProjectsSchema = lazySchema(() =>
  keptList(cachedProjectSchema(), { first: MAX_PROJECTS, idOf: (project) => project.project_id }),
);

/** The cached list as stored, every project checked; anything else is an empty list. */
export const parseCachedProjects = (value: unknown): ServiceProject[] =>
  cachedProjectsSchema().parse(value) as ServiceProject[];

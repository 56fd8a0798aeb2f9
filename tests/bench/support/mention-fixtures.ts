// Realistic mention records for the merge and storage benchmarks: the fake service's own generator
// (per-type texts, per-source URLs and authors), so sizes and string work match what a poll sees.
// Each project has a timeline of mentions, oldest first; ids grow with time, as the service's do.
import { createRng, type Rng } from '../../fake-service/prng';
import { generateMention } from '../../fake-service/generate';
import { SEED_PROJECTS } from '../../fake-service/seed';
import type { FakeProject } from '../../fake-service/types';
import type { Mention } from '@/lib/service/values';

export const NOW = new Date(Date.UTC(2025, 5, 15, 12, 0, 0));
const DAY_MS = 24 * 60 * 60 * 1000;
/** The timeline spreads over this long before NOW. */
const SPAN_MS = 30 * DAY_MS;

/** Project `index`, with the seed's data for its type (cycling through the six seed projects). */
export function projectAt(index: number): FakeProject {
  const { data } = SEED_PROJECTS[index % SEED_PROJECTS.length];
  return {
    project_id: 1201 + index,
    name: data.name,
    type: data.type,
    language: data.language,
    source: data.source,
    location: data.location,
    email_notification: data.email_notification,
    browser_notification: data.browser_notification,
    ...data.fields,
  };
}

/** `length` mentions of one project as the service sends them, oldest first. */
export function timeline(rng: Rng, project: FakeProject, length: number): Mention[] {
  const sources = String(project.source).split(',');
  const firstId = 58_001 + project.project_id * 100_000;
  return Array.from({ length }, (_, k) =>
    generateMention(rng, {
      id: firstId + k,
      project,
      source: rng.pick(sources),
      addedAt: new Date(NOW.getTime() - SPAN_MS + (k * SPAN_MS) / length),
      templateIndex: k,
    }),
  );
}

/** Timelines for `projects` projects, deterministic for a seed. */
export function timelines(seed: number, projects: number, length: number): Mention[][] {
  const rng = createRng(seed);
  return Array.from({ length: projects }, (_, i) => timeline(rng, projectAt(i), length));
}

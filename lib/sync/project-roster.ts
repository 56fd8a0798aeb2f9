// Which projects the extension keeps: every project of the service's last list, and the projects
// that list left out until the service has said so long enough. A back end that answers a lost
// database connection or an expired session with `200 []`, `{"projects":null}` or records that do
// not decode would otherwise turn one bad reply into the loss of every project's mentions, read
// marks and floor, and the next good reply into a first sync (docs/failure-model.md). A project
// leaves only after ABSENT_POLLS complete lists in a row left it out, over at least ABSENT_MS;
// a list with undecodable records does not count against anyone (the missing project may be the
// record that failed). Removing a project from the options page is immediate (commands.ts).
import { parseCachedProjects } from '@/lib/projects/project-cache';
import type { ServiceProject } from '@/lib/projects/types';
import { dequal } from 'dequal/lite';
import type { StoredState } from '@/lib/sync/stored-state';
import type { ProjectAbsence } from '@/lib/sync/status';

/** Complete lists in a row that must leave a project out before it goes. */
const ABSENT_POLLS = 3;
/** And the time since the first of them: a service's bad spell rarely lasts less. */
const ABSENT_MS = 60 * 60_000;

interface Roster {
  /** The projects kept: the listed ones in the service's order, then the ones still kept. */
  projects: ServiceProject[];
  /** Per kept project the lists left out (object keys are ids as text, as the status keeps). */
  absent: Record<string, ProjectAbsence>;
}

interface ListReply {
  projects: readonly ServiceProject[];
  /** Records of the list that did not decode. */
  skipped: number;
}

/** The roster after one list reply, from the one kept before it. */
function nextRoster(
  kept: readonly ServiceProject[],
  absentBefore: Readonly<Record<string, ProjectAbsence>>,
  reply: ListReply,
  now: number,
): Roster {
  const listed = new Set(reply.projects.map((p) => p.project_id));
  const complete = reply.skipped === 0;
  const projects = [...reply.projects];
  const absent: Record<string, ProjectAbsence> = {};
  for (const project of kept) {
    const id = project.project_id;
    if (listed.has(id)) continue;
    const before = absentBefore[String(id)];
    const since = before?.since ?? now;
    const polls = (before?.polls ?? 0) + (complete ? 1 : 0);
    if (polls >= ABSENT_POLLS && now - since >= ABSENT_MS) continue;
    listed.add(id);
    projects.push(project);
    absent[String(id)] = { since, polls };
  }
  return { projects, absent };
}

/**
 * Compared by content (dequal, the rule WXT's storage items tell a change by), not key order:
 * chrome.storage hands objects back with their keys sorted, so the stored list never stringifies
 * like a freshly decoded one, and comparing the two as JSON would rewrite it on every poll.
 */
function sameContent(a: unknown, b: unknown): boolean {
  return dequal(a, b);
}

type RosterState = Pick<
  StoredState,
  'readProjects' | 'writeProjects' | 'readStatus' | 'writeStatus'
>;

/**
 * Takes a list reply into storage: the kept projects and their absences (in the status), each
 * written only when it changed. The one way a service's project list reaches storage; call it in
 * the store queue. Returns the projects kept.
 */
export async function adoptProjectList(
  deps: RosterState,
  reply: ListReply,
  now: number,
): Promise<ServiceProject[]> {
  const kept = await deps.readProjects();
  const status = await deps.readStatus();
  const roster = nextRoster(kept, status.absentProjects, reply, now);
  // As the cache holds it (its cap and checks), so an unchanged list is never written again.
  let projects = parseCachedProjects(roster.projects);
  if (projects.length < roster.projects.length) {
    // Past the cache's cap, what was kept goes first: no reply pushes a kept project out.
    const before = new Set(kept.map((p) => p.project_id));
    const wasKept = (p: ServiceProject) => before.has(p.project_id);
    projects = parseCachedProjects([
      ...roster.projects.filter(wasKept),
      ...roster.projects.filter((p) => !wasKept(p)),
    ]);
  }
  if (!sameContent(projects, kept)) await deps.writeProjects(projects);
  const ids = new Set(projects.map((p) => String(p.project_id)));
  const absent = Object.fromEntries(Object.entries(roster.absent).filter(([id]) => ids.has(id)));
  if (!sameContent(absent, status.absentProjects)) {
    await deps.writeStatus({ ...status, absentProjects: absent });
  }
  return projects;
}

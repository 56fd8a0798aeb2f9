// An account of the fake service holding exactly `mentions` recent mentions, for the browser
// benchmarks: projects made through the service's own HTTP API (login, addProject), mentions
// "found just now" through its programmatic API. The extension then gets them the real way, by
// polling. Projects hold at most 500 mentions each (the extension's per-project cap), so 5,000
// mentions are 10 projects of 500; 0 mentions is one empty project.
import { SEED_PROJECTS } from '../../fake-service/seed';
import type { FakeService } from '../../fake-service/server';

/** The extension's per-project cap (lib/mentions/store.ts DEFAULT_LIMITS.perProject). */
export const PER_PROJECT = 500;

export interface BenchAccount {
  apiKey: string;
  projectIds: number[];
  mentions: number;
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`fake service: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** The form of seed project `index % 6` (one of each type), renamed so every name differs. */
function projectForm(index: number): URLSearchParams {
  const { fields, ...base } = SEED_PROJECTS[index % SEED_PROJECTS.length].data;
  return new URLSearchParams({
    ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])),
    ...fields,
    name: `Bench ${index + 1}: ${base.name}`,
  });
}

export async function createBenchAccount(
  svc: FakeService,
  apiKey: string,
  mentions: number,
): Promise<BenchAccount> {
  svc.addAccount(apiKey);
  const login = await json(
    await fetch(`${svc.url}/api/login.php`, {
      method: 'POST',
      body: new URLSearchParams({ key: apiKey }),
    }),
  );
  const token = String(login.token);
  const projects = Math.max(1, Math.ceil(mentions / PER_PROJECT));
  const projectIds: number[] = [];
  for (let i = 0; i < projects; i++) {
    const url = `${svc.url}/api/project.php?token=${token}&func=addProject`;
    const added = await json(await fetch(url, { method: 'POST', body: projectForm(i) }));
    const projectId = Number(added.project_id);
    projectIds.push(projectId);
    // Spread evenly; the first projects take the remainder.
    const count = Math.floor(mentions / projects) + (i < mentions % projects ? 1 : 0);
    // Dated a second apart up to now: well inside the first sync's 7-day unread window.
    svc.addMentions(projectId, count);
  }
  return { apiKey, projectIds, mentions };
}

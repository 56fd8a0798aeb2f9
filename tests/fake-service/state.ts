// The service's data: accounts keyed by API key, session tokens, projects and mentions. Pure data
// and rules, no HTTP, so server, control API and tests share one source of truth.

import { randomInt } from 'node:crypto';
import { generateMention } from './generate';
import { createRng, type Rng } from './prng';
import { DEMO_API_KEY, FIRST_MENTION_ID, FIRST_PROJECT_ID, SEED_PROJECTS, seedAge } from './seed';
import type { FakeMention, FakeProject } from './types';
import type { ProjectData } from './validation';

interface Account {
  apiKey: string;
  /** Project ids in creation order. */
  projectIds: number[];
}

export interface StateOptions {
  seed: number;
  seedData: boolean;
  now: () => Date;
  /** The server's time zone as a UTC offset in minutes; the machine's own zone when absent. */
  utcOffsetMinutes?: number;
}

/** A project's whole history can come back in one reply (no paging): allow real sizes. */
export const MAX_MENTIONS_PER_CALL = 50_000;

export interface AddMentionsOptions {
  /** Time between consecutive mentions' date_added (default one second), the newest "now". */
  spacingMs?: number;
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class ServiceState {
  private accounts = new Map<string, Account>();
  /** token -> API key. Tokens never expire by themselves: the contract does not say they do. */
  private tokens = new Map<string, string>();
  /** Every token issued since the last reset -> API key, expired ones included. */
  private issued = new Map<string, string>();
  private projectsById = new Map<number, FakeProject>();
  private mentionsByProject = new Map<number, FakeMention[]>();
  /** Next text of the project's bank, so consecutive new mentions differ. */
  private templateCursor = new Map<number, number>();
  private nextProjectId = FIRST_PROJECT_ID;
  private nextMentionId = FIRST_MENTION_ID;
  /** Stream for mentions made after the seed; separate so the seed never depends on it. */
  private rng: Rng;

  /** Where timestamps are written: see StateOptions.utcOffsetMinutes. */
  private utcOffsetMinutes: number | undefined;

  constructor(private readonly options: StateOptions) {
    this.rng = createRng(options.seed);
    this.utcOffsetMinutes = options.utcOffsetMinutes;
    this.reset();
  }

  /** The server moves to another zone (undefined: the machine's): new timestamps use it. */
  setUtcOffset(minutes: number | undefined): void {
    if (minutes !== undefined && !(Number.isInteger(minutes) && Math.abs(minutes) <= 14 * 60)) {
      throw new Error('utcOffsetMinutes must be a whole number of minutes within ±14 h');
    }
    this.utcOffsetMinutes = minutes;
  }

  get serviceUtcOffset(): number | undefined {
    return this.utcOffsetMinutes;
  }

  /** Back to the state right after start: only the demo account, fresh ids, no tokens. */
  reset(): void {
    this.accounts.clear();
    this.tokens.clear();
    this.issued.clear();
    this.projectsById.clear();
    this.mentionsByProject.clear();
    this.templateCursor.clear();
    this.nextProjectId = FIRST_PROJECT_ID;
    this.nextMentionId = FIRST_MENTION_ID;
    this.rng = createRng(this.options.seed ^ 0x5eed);
    this.addAccount(DEMO_API_KEY, this.options.seedData);
  }

  addAccount(apiKey: string, seedData: boolean): void {
    if (apiKey === '') throw new Error('An API key must not be empty');
    if (this.accounts.has(apiKey)) throw new Error(`Account ${apiKey} exists already`);
    this.accounts.set(apiKey, { apiKey, projectIds: [] });
    if (seedData) this.seedAccount(apiKey);
  }

  hasAccount(apiKey: string): boolean {
    return this.accounts.has(apiKey);
  }

  apiKeys(): string[] {
    return [...this.accounts.keys()];
  }

  /** A new random opaque token for a known key; undefined for an unknown one. */
  login(apiKey: string): string | undefined {
    if (!this.accounts.has(apiKey)) return undefined;
    let token = '';
    for (let i = 0; i < 40; i++) token += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
    this.tokens.set(token, apiKey);
    this.issued.set(token, apiKey);
    return token;
  }

  /** The API key a token was issued for, valid or expired (for tests asking whose a call was). */
  issuedFor(token: string): string | undefined {
    return this.issued.get(token);
  }

  /** The API key a token belongs to, if the token is valid. */
  accountOf(token: string): string | undefined {
    return this.tokens.get(token);
  }

  expireTokens(): void {
    this.tokens.clear();
  }

  tokenCount(): number {
    return this.tokens.size;
  }

  listProjects(apiKey: string): FakeProject[] {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`No account ${apiKey}`);
    return account.projectIds.map((id) => structuredClone(this.projectsById.get(id)!));
  }

  /** The project if it belongs to this account: another account's project does not exist for it. */
  getProject(apiKey: string, projectId: number): FakeProject | undefined {
    const account = this.accounts.get(apiKey);
    if (!account?.projectIds.includes(projectId)) return undefined;
    return structuredClone(this.projectsById.get(projectId));
  }

  addProject(apiKey: string, data: ProjectData): FakeProject {
    const account = this.accounts.get(apiKey);
    if (!account) throw new Error(`No account ${apiKey}`);
    const project = toRecord(this.nextProjectId++, data);
    this.projectsById.set(project.project_id, project);
    this.mentionsByProject.set(project.project_id, []);
    account.projectIds.push(project.project_id);
    return structuredClone(project);
  }

  /**
   * Replaces the project's settings. An edit carries every required field, so the record is
   * rebuilt from it: type-specific fields not sent are gone (and so are the old type's fields).
   */
  editProject(apiKey: string, projectId: number, data: ProjectData): FakeProject | undefined {
    if (!this.getProject(apiKey, projectId)) return undefined;
    const project = toRecord(projectId, data);
    this.projectsById.set(projectId, project);
    return structuredClone(project);
  }

  /** Deletes the project and its mentions. */
  removeProject(apiKey: string, projectId: number): boolean {
    const account = this.accounts.get(apiKey);
    if (!account?.projectIds.includes(projectId)) return false;
    account.projectIds = account.projectIds.filter((id) => id !== projectId);
    this.projectsById.delete(projectId);
    this.mentionsByProject.delete(projectId);
    this.templateCursor.delete(projectId);
    return true;
  }

  /** The project's mentions, newest first (by date_added, then id), as getMentions sends them. */
  mentions(projectId: number): FakeMention[] {
    const list = this.mentionsByProject.get(projectId) ?? [];
    return list
      .map((mention) => structuredClone(mention))
      .sort((a, b) =>
        a.date_added === b.date_added ? b.id - a.id : a.date_added < b.date_added ? 1 : -1,
      );
  }

  hasProject(projectId: number): boolean {
    return this.projectsById.has(projectId);
  }

  /**
   * New mentions found "just now", the newest last. Throws for an unknown project. `overrides`
   * replaces generated fields (never id or project_id).
   */
  addMentions(
    projectId: number,
    count: number,
    overrides: Partial<Omit<FakeMention, 'id' | 'project_id'>> = {},
    options: AddMentionsOptions = {},
  ): FakeMention[] {
    const project = this.projectsById.get(projectId);
    if (!project) throw new Error(`No project ${projectId}`);
    if (!Number.isInteger(count) || count < 0 || count > MAX_MENTIONS_PER_CALL) {
      throw new Error(`count must be an integer from 0 to ${MAX_MENTIONS_PER_CALL}, not ${count}`);
    }
    const spacingMs = options.spacingMs ?? 1000;
    if (!Number.isFinite(spacingMs) || spacingMs < 0) throw new Error('spacingMs must be >= 0');
    const sources = project.source.split(',').map((item) => item.trim());
    const now = this.options.now().getTime();
    const created: FakeMention[] = [];
    for (let i = 0; i < count; i++) {
      const cursor = this.templateCursor.get(projectId) ?? 0;
      this.templateCursor.set(projectId, cursor + 1);
      const generated = generateMention(this.rng, {
        id: this.nextMentionId++,
        project,
        source: this.rng.pick(sources),
        // Apart (a second by default), so the order of arrival is visible in date_added too.
        addedAt: new Date(now - (count - 1 - i) * spacingMs),
        templateIndex: cursor,
        utcOffsetMinutes: this.utcOffsetMinutes,
      });
      const mention: FakeMention = {
        ...generated,
        ...overrides,
        id: generated.id,
        project_id: generated.project_id,
      };
      this.mentionsByProject.get(projectId)!.push(mention);
      created.push(structuredClone(mention));
    }
    return created;
  }

  /** Demo mode: a few new mentions on one or two random projects of the demo account. */
  demoTick(): FakeMention[] {
    const ids = this.accounts.get(DEMO_API_KEY)?.projectIds ?? [];
    if (ids.length === 0) return [];
    const picked = new Set([this.rng.pick(ids), this.rng.pick(ids)]);
    return [...picked].flatMap((id) => this.addMentions(id, this.rng.int(1, 2)));
  }

  private seedAccount(apiKey: string): void {
    // Its own stream from the seed number: the seed is identical whatever happened before.
    const rng = createRng(this.options.seed);
    const now = this.options.now().getTime();
    const specs: {
      project: FakeProject;
      source: string;
      addedAt: Date;
      templateIndex: number;
      utcOffsetMinutes?: number;
    }[] = [];
    for (const seedProject of SEED_PROJECTS) {
      const project = this.projectsById.get(this.addProject(apiKey, seedProject.data).project_id)!;
      const sources = rng.shuffle(project.source.split(',').map((item) => item.trim()));
      const offset = rng.int(0, 20);
      for (let i = 0; i < seedProject.mentions; i++) {
        specs.push({
          project,
          source: sources[i % sources.length],
          addedAt: new Date(now - seedAge(rng, i)),
          templateIndex: offset + i,
          utcOffsetMinutes: this.utcOffsetMinutes,
        });
      }
      this.templateCursor.set(project.project_id, offset + seedProject.mentions);
    }
    // Ids grow with time, as an auto-increment column does.
    specs.sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime());
    for (const spec of specs) {
      const mention = generateMention(rng, { ...spec, id: this.nextMentionId++ });
      this.mentionsByProject.get(spec.project.project_id)!.push(mention);
    }
  }
}

function toRecord(projectId: number, data: ProjectData): FakeProject {
  return {
    project_id: projectId,
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

// Test helpers: one fake service per test file, reset before each test, and tiny fetch wrappers
// that speak the contract (token and func in the query, form-urlencoded POST bodies).

import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  startFakeService,
  type FakeService,
  type FakeServiceOptions,
} from '../../fake-service/server';

/** Starts a service for the file; `ctx.svc` is valid inside tests. */
export function useFakeService(options: FakeServiceOptions = {}): { svc: FakeService } {
  const ctx = {} as { svc: FakeService };
  beforeAll(async () => {
    ctx.svc = await startFakeService(options);
  });
  beforeEach(() => ctx.svc.reset());
  afterAll(() => ctx.svc.close());
  return ctx;
}

/** A session on the file's service: the service, and a token logged in afresh before each test. */
export interface FakeServiceSession {
  svc: FakeService;
  token: string;
}

/** Starts a service for the file (as useFakeService) and logs in before each test: `ctx.token`. */
export function useFakeServiceSession(options: FakeServiceOptions = {}): FakeServiceSession {
  const ctx = Object.assign(useFakeService(options), { token: '' });
  beforeEach(async () => {
    ctx.token = await login(ctx.svc);
  });
  return ctx;
}

/** The calls the fault tests repeat (fake-service/faults*.test.ts), with the session's token. */
export function faultCalls(ctx: FakeServiceSession) {
  return {
    list: () => call(ctx.svc, 'project', { token: ctx.token, func: 'listProjects' }),
    mentions: (projectId = 1201) =>
      call(ctx.svc, 'mention', { token: ctx.token, func: 'getMentions', project_id: projectId }),
    loginRes: () => postForm(`${ctx.svc.url}/api/login.php`, { key: ctx.svc.apiKey }),
  };
}

export type Fields = Record<string, string>;

export function postForm(url: string, fields: Fields): Promise<Response> {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
}

export async function login(svc: FakeService, key = svc.apiKey): Promise<string> {
  const res = await postForm(`${svc.url}/api/login.php`, { key });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

export function scriptUrl(
  svc: FakeService,
  script: 'project' | 'mention',
  query: Record<string, string | number>,
): string {
  const params = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  return `${svc.url}/api/${script}.php?${params}`;
}

/** A call to project.php/mention.php; with `form` it is a form POST. */
export function call(
  svc: FakeService,
  script: 'project' | 'mention',
  query: Record<string, string | number>,
  init: { method?: string; form?: Fields } = {},
): Promise<Response> {
  const url = scriptUrl(svc, script, query);
  if (init.form) return postForm(url, init.form);
  return fetch(url, { method: init.method ?? 'GET' });
}

/** A reply's status, Content-Type and parsed JSON body. */
export async function reply(res: Response | Promise<Response>): Promise<{
  status: number;
  type: string | null;
  body: unknown;
}> {
  const r = await res;
  const text = await r.text();
  return { status: r.status, type: r.headers.get('content-type'), body: JSON.parse(text) };
}

/** A valid addProject/editProject body; override or drop (undefined) fields. */
export function projectForm(overrides: Record<string, string | undefined> = {}): Fields {
  const base: Record<string, string | undefined> = {
    name: 'Initech',
    type: 'brandMonitoring',
    language: 'en',
    source: 'twitter,reddit',
    location: 'all',
    email_notification: '0',
    browser_notification: '1',
    brand_url: 'initech.test',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** The contract's mention fields. */
export const MENTION_FIELDS = [
  'id',
  'project_id',
  'type',
  'reddit_type',
  'source',
  'relevance_score',
  'sentiment',
  'title',
  'text_summary',
  'snippet',
  'url',
  'keywords',
  'excluded_keywords',
  'status',
  'favorites',
  'author',
  'created',
  'date_added',
  'product_description',
];

export const SOURCES = ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'];

/** The contract's type-specific fields, written out again here so the fake's table is checked. */
export const CONTRACT_TYPE_FIELDS: Record<string, string[]> = {
  backlinks: ['backlinks_url'],
  brandMonitoring: ['brand_url', 'brand_name', 'brand_excluded_keywords'],
  competitiveMonitoring: ['competitor_url', 'competitior_name', 'competitior_excluded_keywords'],
  topicMonitoring: ['topic_keywords', 'topic_excluded_keywords'],
  leadsSalesOpportunities: [
    'sales_product_description',
    'sales_keywords',
    'sales_competitors',
    'sales_excluded_keywords',
  ],
  startup: [
    'startup_keywords',
    'startup_product_description',
    'startup_competitors',
    'startup_excluded_keywords',
  ],
};

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// Shared set-up for the client tests with an injected fetch (service/client.fetch*.test.ts): an
// origin, a token and a key to see in requests and errors, a project input, a recording fetch, and
// every method of a client as a call to run.

import { vi } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import type { ServiceClient } from '@/lib/service/client';
import { getMentions } from './service-client';

export const BASE = 'https://app.example.com';
export const TOKEN = 'tok_9f8e7d6c5b4a3210';
export const KEY = 'key_0123456789abcdef';

export const INPUT: ProjectInput = {
  name: 'Brand',
  type: 'brandMonitoring',
  language: 'all',
  source: ['web'],
  location: 'all',
  email_notification: 1,
  browser_notification: 1,
  fields: { brand_name: 'Acme' },
};

export type Call = [string, RequestInit];

/** A fetch that records its calls and answers every request with `reply()`. */
export function spyFetch(reply: () => Response | Promise<Response> = () => new Response('{}')) {
  return vi.fn(async (_url: string, _init: RequestInit) => reply());
}

export const everyMethod = (client: ServiceClient): [string, () => Promise<unknown>][] => [
  ['login', () => client.login(KEY)],
  ['getMentions', () => getMentions(client, TOKEN, 5)],
  ['listProjects', () => client.listProjects(TOKEN)],
  ['getProject', () => client.getProject(TOKEN, 5)],
  ['getProjectData', () => client.getProjectData(TOKEN, 5)],
  ['addProject', () => client.addProject(TOKEN, INPUT)],
  ['editProject', () => client.editProject(TOKEN, 5, INPUT)],
  ['removeProject', () => client.removeProject(TOKEN, 5)],
];

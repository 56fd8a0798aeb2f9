// A valid project survives the whole trip: encodeProjectForm → HTTP → the fake service → getProject
// → decodeProject → projectInputFromService, unchanged. This ties the client's decoding to
// lib/projects' encoding through a server that only knows the contract.

import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectInputFromService } from '@/lib/projects/encode';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import { startFakeService, type FakeService } from '../../fake-service/server';
import { projectInputArb } from '../support/project-arbitraries';

let fake: FakeService;
let client: ServiceClient;
let token: string;

beforeAll(async () => {
  fake = await startFakeService({ seedData: false });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  client = createServiceClient({ baseUrl: fake.url });
  token = await client.login(fake.apiKey);
});

describe('project round trip through the fake service', () => {
  it('add → getProject → projectInputFromService gives back the input', async () => {
    await fc.assert(
      fc.asyncProperty(projectInputArb, fc.boolean(), async (input, numbersAsStrings) => {
        if (numbersAsStrings) fake.setFault('numbersAsStrings');
        else fake.clearFaults();
        const { projectId } = await client.addProject(token, input);
        expect(projectId).toBeTypeOf('number');
        const project = await client.getProject(token, projectId!);
        expect(project.project_id).toBe(projectId);
        expect(projectInputFromService(project)).toEqual(input);
        // The list shows the same record as getProject.
        const { projects, skipped } = await client.listProjects(token);
        expect(skipped).toBe(0);
        expect(projects.find((p) => p.project_id === projectId)).toEqual(project);
      }),
      { numRuns: 60 },
    );
  });

  it('edit (even to another type) → getProject gives back the edited input', async () => {
    await fc.assert(
      fc.asyncProperty(projectInputArb, projectInputArb, async (first, second) => {
        const { projectId } = await client.addProject(token, first);
        await client.editProject(token, projectId!, second);
        const project = await client.getProject(token, projectId!);
        expect(projectInputFromService(project)).toEqual(second);
      }),
      { numRuns: 40 },
    );
  });
});

// Shared set-up for the client tests that talk to the fake service over real HTTP.

import { expect } from 'vitest';
import type { ServiceProject } from '@/lib/projects/types';
import { isServiceError, type ServiceError, type ServiceErrorKind } from '@/lib/service/errors';
import type { ServiceClient } from '@/lib/service/client';
import { decodeMentionList } from '@/lib/service/replies';
import type { Mention } from '@/lib/service/values';
import type { FakeProject } from '../../fake-service/server';

/** The ServiceProject the client should decode from the fake's record. */
export function expectedProject(record: FakeProject): ServiceProject {
  const {
    project_id,
    name,
    type,
    language,
    source,
    location,
    email_notification,
    browser_notification,
    ...rest
  } = record;
  return {
    project_id,
    name,
    type,
    language,
    source,
    location,
    email_notification: email_notification === 0 ? 0 : 1,
    browser_notification: browser_notification === 0 ? 0 : 1,
    fields: Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
  };
}

/** The ServiceError a promise rejects with; fails the test if it resolves or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    expect(isServiceError(error), `not a ServiceError: ${String(error)}`).toBe(true);
    return error as ServiceError;
  }
  throw new Error(`expected a ServiceError, got ${JSON.stringify(outcome)}`);
}

export async function expectKind(
  promise: Promise<unknown>,
  kind: ServiceErrorKind,
): Promise<ServiceError> {
  const error = await rejection(promise);
  expect(error.kind, error.message).toBe(kind);
  return error;
}

/** Secrets and raw HTML never reach a message. */
export function expectClean(error: ServiceError, secrets: readonly string[]): void {
  for (const secret of secrets) expect(error.message).not.toContain(secret);
  expect(error.message).not.toMatch(/<[a-z!/?]/i);
  expect(error.message.length).toBeGreaterThan(0);
}

/** A getMentions reply read in full, as the poll would: every record decoded, and how many could not be. */
export async function getMentions(
  client: ServiceClient,
  token: string,
  projectId: number,
): Promise<{ mentions: Mention[]; skipped: number }> {
  const { items, skipped } = decodeMentionList(
    await client.getMentionRecords(token, projectId),
    projectId,
  );
  return { mentions: items, skipped };
}

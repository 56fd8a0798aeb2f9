// Property tests: whatever the service answers, every method resolves to a value of its declared
// shape or rejects with a ServiceError whose message is clean; nothing else escapes.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProjectInput } from '@/lib/projects/types';
import { createServiceClient, type ServiceClient } from '@/lib/service/client';
import { isServiceError, type ServiceErrorKind } from '@/lib/service/errors';
import { decodeMentionList, decodeProjectList } from '@/lib/service/replies';
import { getMentions } from '../support/service-client';

/** Every kind a ServiceError may have (the type makes the list whole). */
const SERVICE_ERROR_KINDS = Object.keys({
  'not-configured': true,
  network: true,
  timeout: true,
  auth: true,
  'key-rejected': true,
  'rate-limited': true,
  server: true,
  'bad-reply': true,
  'invalid-input': true,
  superseded: true,
} satisfies Record<ServiceErrorKind, true>);

const BASE = 'https://app.example.com';
const TOKEN = 'tok_Zx81Qw72Er63Ty54';
const KEY = 'key_Ui45Op36As27Df18';

const INPUT: ProjectInput = {
  name: 'Topic',
  type: 'topicMonitoring',
  language: 'en',
  source: ['reddit'],
  location: 'all',
  email_notification: 0,
  browser_notification: 1,
  fields: { topic_keywords: 'bikes' },
};

/** JSON-ish bodies a PHP back end might produce, good and bad, sometimes echoing a secret. */
const bodyArb = fc.oneof(
  fc.json(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    '[]',
    '{}',
    'null',
    '<html><body>Error</body></html>',
    '<br /><b>Fatal error</b>: in /var/www/x.php',
    `{"token":"${TOKEN}"}`,
    `{"error":"bad token ${TOKEN}"}`,
    `{"status":"error","message":"key ${KEY} unknown"}`,
    '{"success":false}',
    '[{"id":1,"project_id":2}]',
    '[{"project_id":"3","name":"P","type":"startup"}]',
    '{"success":true,"project_id":"9"}',
  ),
  // Records with arbitrary member values, under the wrappers the decoders look into.
  fc
    .tuple(
      fc.constantFrom('', 'mentions', 'projects', 'data', 'result', 'project'),
      fc.array(
        fc.dictionary(
          fc.constantFrom(
            'id',
            'project_id',
            'name',
            'type',
            'sentiment',
            'title',
            'source',
            'text_summary',
            'email_notification',
          ),
          fc.jsonValue(),
        ),
        { maxLength: 5 },
      ),
    )
    .map(([key, records]) => JSON.stringify(key === '' ? records : { [key]: records })),
);

// Statuses a Response can carry a body with (101, 204, 205 and 304 cannot).
const statusArb = fc.oneof(
  fc.constant(200),
  fc.integer({ min: 200, max: 599 }).filter((s) => ![204, 205, 304].includes(s)),
);

const headersArb = fc.option(
  fc.record({
    'Retry-After': fc.oneof(
      fc.nat().map(String),
      fc.string(),
      fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
    ),
  }),
  { nil: undefined },
);

type Check = (value: unknown) => void;
const isInt = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n);

const methods: [string, (c: ServiceClient) => Promise<unknown>, Check][] = [
  [
    'login',
    (c) => c.login(KEY),
    (v) => expect(typeof v === 'string' && v.length > 0 && !/\s/.test(v)).toBe(true),
  ],
  [
    'getMentions',
    (c) => getMentions(c, TOKEN, 2),
    (v) => {
      const { mentions, skipped } = v as { mentions: unknown[]; skipped: number };
      expect(Array.isArray(mentions) && isInt(skipped)).toBe(true);
      for (const m of mentions as Record<string, unknown>[]) {
        expect(isInt(m.id) && isInt(m.project_id) && typeof m.sentiment === 'number').toBe(true);
        expect(
          typeof m.title === 'string' &&
            (m.text_summary === null || typeof m.text_summary === 'string'),
        ).toBe(true);
      }
    },
  ],
  [
    'listProjects',
    (c) => c.listProjects(TOKEN),
    (v) => {
      const { projects, skipped } = v as { projects: Record<string, unknown>[]; skipped: number };
      expect(isInt(skipped)).toBe(true);
      for (const p of projects) {
        expect(
          isInt(p.project_id) && typeof p.name === 'string' && typeof p.fields === 'object',
        ).toBe(true);
        expect([undefined, 0, 1]).toContain(p.email_notification);
      }
    },
  ],
  [
    'getProject',
    (c) => c.getProject(TOKEN, 3),
    (v) => expect(isInt((v as { project_id: unknown }).project_id)).toBe(true),
  ],
  [
    'getProjectData',
    (c) => c.getProjectData(TOKEN, 3),
    (v) => {
      for (const row of (v as { rows: { key: unknown; value: unknown }[] }).rows) {
        expect(typeof row.key === 'string' && typeof row.value === 'string').toBe(true);
      }
    },
  ],
  [
    'addProject',
    (c) => c.addProject(TOKEN, INPUT),
    (v) => {
      const id = (v as { projectId?: unknown }).projectId;
      expect(id === undefined || isInt(id)).toBe(true);
    },
  ],
  ['editProject', (c) => c.editProject(TOKEN, 3, INPUT), (v) => expect(v).toBeUndefined()],
  ['removeProject', (c) => c.removeProject(TOKEN, 3), (v) => expect(v).toBeUndefined()],
];

describe('any reply, any status', () => {
  it.each(methods)(
    '%s: a decoded value or a clean ServiceError, nothing else',
    async (_name, call, check) => {
      await fc.assert(
        fc.asyncProperty(bodyArb, statusArb, headersArb, async (body, status, headers) => {
          const client = createServiceClient({
            baseUrl: BASE,
            fetch: async () => new Response(body, { status, headers }),
          });
          // The client has handled both secrets before, as it would in a session.
          await client.login(KEY).catch(() => undefined);
          await client.listProjects(TOKEN).catch(() => undefined);
          let value: unknown;
          try {
            value = await call(client);
          } catch (error) {
            expect(isServiceError(error)).toBe(true);
            if (!isServiceError(error)) return;
            expect(SERVICE_ERROR_KINDS).toContain(error.kind);
            expect(error.message).not.toContain(TOKEN);
            expect(error.message).not.toContain(KEY);
            expect(error.message).not.toMatch(/<[a-z!/?]/i);
            if (error.retryAfterMs !== undefined)
              expect(error.retryAfterMs).toBeGreaterThanOrEqual(0);
            return;
          }
          expect(status >= 200 && status <= 299).toBe(true);
          check(value);
        }),
        { numRuns: 150 },
      );
    },
  );
});

describe('list decoding', () => {
  const recordArb = fc.oneof(
    fc.jsonValue(),
    fc.dictionary(
      fc.constantFrom('id', 'project_id', 'sentiment', 'title', 'name', 'url', 'status'),
      fc.jsonValue(),
    ),
  );

  it('every mention record is either decoded or counted as skipped', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 20 }), (records) => {
        const { items, skipped } = decodeMentionList(records, 1);
        expect(items.length + skipped).toBe(records.length);
      }),
    );
  });

  it('every project record is either decoded or counted as skipped', () => {
    fc.assert(
      fc.property(fc.array(recordArb, { maxLength: 20 }), (records) => {
        const { items, skipped } = decodeProjectList({ projects: records });
        expect(items.length + skipped).toBe(records.length);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isServiceError } from '@/lib/service/errors';
import {
  decodeAddReply,
  decodeMentionList,
  decodeProjectList,
  decodeProjectReply,
} from '@/lib/service/replies';

// One record, read as a list of one reads it: the record, or undefined when it is skipped.
const decodeMention = (raw: unknown, projectId?: number) =>
  decodeMentionList([raw], projectId).items[0];
const decodeProject = (raw: unknown) => decodeProjectList([raw]).items[0];

const MENTION = {
  id: 101,
  project_id: 7,
  type: 'topicMonitoring',
  reddit_type: 'post',
  source: 'reddit',
  relevance_score: 80,
  sentiment: -1,
  title: 'A title',
  text_summary: 'A summary',
  snippet: 'A snippet',
  url: 'https://www.reddit.com/r/x/comments/1',
  keywords: 'acme',
  excluded_keywords: 'spam,ads',
  status: 0,
  favorites: 1,
  author: 'someone',
  created: '2025-03-01 10:00:00',
  date_added: '2025-03-01 10:05:00',
  product_description: '',
};

/** Every number of the record as a string, as a PHP back end may send it. */
function stringly(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
  );
}

function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}

function thrown(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('mentions', () => {
  it('decodes a full record unchanged', () => {
    expect(decodeMention(MENTION)).toEqual(MENTION);
  });

  it('reads numbers sent as strings', () => {
    expect(decodeMention(stringly(MENTION))).toEqual(MENTION);
    expect(decodeMention({ ...MENTION, sentiment: '-1', id: ' 101 ' })).toEqual(MENTION);
  });

  it('fills gaps: sentiment 0, text "", text_summary null kept', () => {
    const decoded = decodeMention({ id: 5, project_id: 7, text_summary: null });
    expect(decoded).toMatchObject({
      id: 5,
      project_id: 7,
      sentiment: 0,
      relevance_score: 0,
      status: 0,
      favorites: 0,
      title: '',
      snippet: '',
      url: '',
      author: '',
      date_added: '',
      text_summary: null,
    });
    expect(decodeMention({ ...MENTION, sentiment: undefined })?.sentiment).toBe(0);
    expect(decodeMention({ ...MENTION, sentiment: null })?.sentiment).toBe(0);
    expect(decodeMention({ ...MENTION, title: null, snippet: '' })).toMatchObject({
      title: '',
      snippet: '',
    });
    expect(decodeMention({ ...MENTION, text_summary: undefined })?.text_summary).toBeNull();
  });

  it('takes the project asked for when the record has no project_id', () => {
    expect(decodeMention({ ...MENTION, project_id: undefined }, 9)?.project_id).toBe(9);
    expect(decodeMention({ ...MENTION, project_id: undefined })).toBeUndefined();
    // A record naming its project keeps it.
    expect(decodeMention(MENTION, 9)?.project_id).toBe(7);
  });

  it('drops members the contract does not list', () => {
    expect(decodeMention({ ...MENTION, extra: 'x' })).not.toHaveProperty('extra');
  });

  it.each([
    ['no id', { ...MENTION, id: undefined }],
    ['id not a number', { ...MENTION, id: 'abc' }],
    ['negative id', { ...MENTION, id: -3 }],
    ['fractional id', { ...MENTION, id: 1.5 }],
    ['sentiment not a number', { ...MENTION, sentiment: 'positive' }],
    ['title an object', { ...MENTION, title: { en: 'x' } }],
    ['not an object', 'mention'],
    ['null', null],
    ['a list', [MENTION]],
  ])('refuses a record with %s', (_name, raw) => {
    expect(decodeMention(raw, 7)).toBeUndefined();
  });

  it('reads a bare array and every wrapper, skipping and counting bad records', () => {
    const list = [MENTION, { id: 'x' }, { ...MENTION, id: 102 }, 'junk'];
    const expected = { items: [MENTION, { ...MENTION, id: 102 }], skipped: 2 };
    expect(decodeMentionList(list, 7)).toEqual(expected);
    expect(decodeMentionList({ mentions: list }, 7)).toEqual(expected);
    expect(decodeMentionList({ data: list }, 7)).toEqual(expected);
    expect(decodeMentionList({ result: list }, 7)).toEqual(expected);
    expect(decodeMentionList({ success: true, data: { mentions: list } }, 7)).toEqual(expected);
    expect(decodeMentionList({ 0: list[0], 2: list[2] }, 7)).toEqual({
      items: expected.items,
      skipped: 0,
    });
    expect(decodeMentionList({ mentions: null }, 7)).toEqual({ items: [], skipped: 0 });
    expect(decodeMentionList([], 7)).toEqual({ items: [], skipped: 0 });
  });

  it.each([[null], [{}], ['text'], [42], [{ mentions: 'none' }], [{ items: [] }]])(
    'a reply without a list (%j) is a bad reply',
    (body) => {
      const error = thrown(() => decodeMentionList(body, 7));
      expect(isServiceError(error, 'bad-reply')).toBe(true);
    },
  );
});

const PROJECT_RECORD = {
  project_id: 12,
  name: 'Acme rivals',
  type: 'competitiveMonitoring',
  language: 'en,de',
  source: 'twitter,reddit',
  location: 'all',
  email_notification: 0,
  browser_notification: 1,
  competitor_url: 'rival.example',
  competitior_name: 'Rival\nRival Inc',
};

const PROJECT = {
  project_id: 12,
  name: 'Acme rivals',
  type: 'competitiveMonitoring',
  language: 'en,de',
  source: 'twitter,reddit',
  location: 'all',
  email_notification: 0,
  browser_notification: 1,
  fields: { competitor_url: 'rival.example', competitior_name: 'Rival\nRival Inc' },
};

describe('projects', () => {
  it('splits a record into common members and type-specific fields', () => {
    expect(decodeProject(PROJECT_RECORD)).toEqual(PROJECT);
  });

  it('reads numbers as strings and the id under id', () => {
    expect(decodeProject(stringly(PROJECT_RECORD))).toEqual(PROJECT);
    expect(decodeProject({ ...without(PROJECT_RECORD, 'project_id'), id: '12' })).toEqual(PROJECT);
    expect(decodeProject({ ...PROJECT_RECORD, id: 99 })?.project_id).toBe(12);
  });

  it.each([
    [1, 1],
    [0, 0],
    ['1', 1],
    ['0', 0],
    [true, 1],
    [false, 0],
    ['true', 1],
    ['false', 0],
    [2, 1],
  ])('normalizes the flag %j to %d', (sent, flag) => {
    expect(decodeProject({ ...PROJECT_RECORD, email_notification: sent })?.email_notification).toBe(
      flag,
    );
  });

  it('leaves an unreadable or missing flag out instead of failing the project', () => {
    const decoded = decodeProject({ ...PROJECT_RECORD, email_notification: 'maybe' });
    expect(decoded).toBeDefined();
    expect(decoded).not.toHaveProperty('email_notification');
    expect(decodeProject(without(PROJECT_RECORD, 'browser_notification'))).not.toHaveProperty(
      'browser_notification',
    );
  });

  it('keeps other text members verbatim, joins keyword arrays with "\\n", drops objects', () => {
    const decoded = decodeProject({
      ...PROJECT_RECORD,
      competitior_excluded_keywords: ['spam', 'jobs'],
      created: '2025-01-01 00:00:00',
      mention_count: 14,
      settings: { a: 1 },
      note: null,
    });
    expect(decoded?.fields).toEqual({
      ...PROJECT.fields,
      competitior_excluded_keywords: 'spam\njobs',
      created: '2025-01-01 00:00:00',
      mention_count: '14',
    });
  });

  it('reads list-valued language and source', () => {
    const decoded = decodeProject({ ...PROJECT_RECORD, source: ['twitter', 'reddit'] });
    expect(decoded?.source).toBe('twitter,reddit');
  });

  it.each([
    ['no id at all', { name: 'x', type: 'startup' }],
    ['an id that is not a number', { ...PROJECT_RECORD, project_id: 'twelve' }],
    ['a name that is an object', { ...PROJECT_RECORD, name: { x: 1 } }],
    ['not an object', 12],
  ])('refuses a record with %s', (_name, raw) => {
    expect(decodeProject(raw)).toBeUndefined();
  });

  it('lists: bare or wrapped, bad records skipped and counted', () => {
    const list = [PROJECT_RECORD, { name: 'no id' }, { ...PROJECT_RECORD, project_id: 13 }];
    const expected = { items: [PROJECT, { ...PROJECT, project_id: 13 }], skipped: 1 };
    expect(decodeProjectList(list)).toEqual(expected);
    expect(decodeProjectList({ projects: list })).toEqual(expected);
    expect(decodeProjectList({ data: list })).toEqual(expected);
    expect(decodeProjectList({ result: list })).toEqual(expected);
    expect(decodeProjectList({ status: 'ok', data: { projects: list } })).toEqual(expected);
    expect(
      isServiceError(
        thrown(() => decodeProjectList({ ok: 1 })),
        'bad-reply',
      ),
    ).toBe(true);
  });

  it('getProject: the object, a wrapper, or a one-element list', () => {
    expect(decodeProjectReply(PROJECT_RECORD, 12)).toEqual(PROJECT);
    expect(decodeProjectReply({ project: PROJECT_RECORD }, 12)).toEqual(PROJECT);
    expect(decodeProjectReply({ data: PROJECT_RECORD }, 12)).toEqual(PROJECT);
    expect(decodeProjectReply({ result: [PROJECT_RECORD] }, 12)).toEqual(PROJECT);
    expect(decodeProjectReply([PROJECT_RECORD], 12)).toEqual(PROJECT);
    // A longer list: the one asked for.
    const other = { ...PROJECT_RECORD, project_id: 11, name: 'Other' };
    expect(decodeProjectReply([other, PROJECT_RECORD], 12)).toEqual(PROJECT);
    // No id in the record: it is the project asked for.
    expect(decodeProjectReply(without(PROJECT_RECORD, 'project_id'), 12)).toEqual(PROJECT);
  });

  it.each([[[]], [null], [{ data: null }], ['x'], [[{ project_id: 1 }, { project_id: 2 }]]])(
    'getProject without the project (%j) is a bad reply',
    (body) => {
      expect(
        isServiceError(
          thrown(() => decodeProjectReply(body, 12)),
          'bad-reply',
        ),
      ).toBe(true);
    },
  );
});

describe('add/edit/remove replies', () => {
  it.each([
    [{ success: true, project_id: 31 }, { projectId: 31 }],
    [{ success: true, project_id: '31' }, { projectId: 31 }],
    [{ status: 'ok', id: 31 }, { projectId: 31 }],
    [{ success: true, data: { project_id: 31 } }, { projectId: 31 }],
    [{ result: { id: '31' } }, { projectId: 31 }],
    [31, { projectId: 31 }],
    ['31', { projectId: 31 }],
    [{ success: true }, {}],
    [{ status: 'ok' }, {}],
    [{ project_id: 'new' }, {}],
    [undefined, {}],
    [true, {}],
  ])('%j → %j', (body, expected) => {
    expect(decodeAddReply(body)).toEqual(expected);
  });
});

describe('a getMentions reply of too many records', () => {
  it('reads 50,000 records, and refuses more whole with its reason in words', () => {
    const records = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
    expect(decodeMentionList(records(50_000), 7).items).toHaveLength(50_000);
    for (const body of [records(50_001), { mentions: records(50_001) }]) {
      let error: unknown;
      try {
        decodeMentionList(body, 7);
      } catch (thrown) {
        error = thrown;
      }
      expect(isServiceError(error, 'bad-reply')).toBe(true);
      expect((error as Error).message).toBe(
        'The service sent more than 50,000 mentions in one reply, more than the extension reads; none of them were added.',
      );
    }
  });
});

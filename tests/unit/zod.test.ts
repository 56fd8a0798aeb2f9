// zod as the schemas use it (lib/zod.ts): the semantics every schema module builds on, pinned
// here so an upgrade that changes one shows up as a failing test, not as a record read differently.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lazySchema, z } from '@/lib/zod';

describe('object, as the schemas use it', () => {
  const withDefault = z.pipe(
    z.transform((value) => (value === undefined ? '' : value)),
    z.string(),
  );

  it('gives a missing member to its schema as undefined, so a reader may fill it in', () => {
    const schema = z.object({ title: withDefault, id: z.int().check(z.nonnegative()) });
    expect(schema.parse({ id: 3 })).toEqual({ title: '', id: 3 });
  });

  it('fails when a required member is missing or wrong, with the member schema’s message', () => {
    const schema = z.object({
      id: z.int().check(z.nonnegative()),
      name: z.string({ error: () => 'name must be text' }),
    });
    expect(schema.safeParse({ name: 'x' }).success).toBe(false);
    // Missing is refused even by a schema that takes undefined, unless it starts with a transform.
    expect(z.object({ any: z.unknown() }).safeParse({}).success).toBe(false);
    expect(z.object({ any: z.pipe(z.unknown(), withDefault) }).safeParse({}).success).toBe(false);
    const wrong = schema.safeParse({ id: 1, name: 5 });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0].message).toBe('name must be text');
  });

  it('drops members it does not name, unless loose, and writes no key for a missing optional member', () => {
    const members = { id: z.int(), note: z.optional(z.string()) };
    expect(z.object(members).parse({ id: 1, extra: 'x' })).toEqual({ id: 1 });
    const loose = z.looseObject(members).parse({ id: 1, extra: 'x' });
    expect(loose).toEqual({ id: 1, extra: 'x' });
    expect(Object.keys(loose)).not.toContain('note');
    // A member sent as undefined stays (savePreferences leaves such members out itself).
    expect(Object.keys(z.object(members).parse({ id: 1, note: undefined }))).toContain('note');
  });

  it('refuses what is not a plain object: arrays, null, text', () => {
    const schema = z.object({ id: z.optional(z.int()) });
    for (const value of [[], null, 'x', 3, undefined]) {
      expect(schema.safeParse(value).success).toBe(false);
    }
  });
});

describe('the kinds the schemas use', () => {
  it('take exactly their kind', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(z.string().safeParse(value).success).toBe(typeof value === 'string');
        expect(z.boolean().safeParse(value).success).toBe(typeof value === 'boolean');
        expect(z.number().safeParse(value).success).toBe(Number.isFinite(value));
        expect(z.int().check(z.nonnegative()).safeParse(value).success).toBe(
          Number.isSafeInteger(value) && (value as number) >= 0,
        );
      }),
    );
  });

  it('array passes each item through its schema and fails on any bad one', () => {
    const ids = z.array(z.pipe(z.transform(Number), z.int()));
    expect(ids.parse(['1', 2])).toEqual([1, 2]);
    expect(ids.safeParse(['1', 'x']).success).toBe(false);
    expect(ids.safeParse('not a list').success).toBe(false);
  });

  it('maxLength bounds text and lists by length', () => {
    const short = z.string().check(z.maxLength(3));
    expect(short.safeParse('abc').success).toBe(true);
    expect(short.safeParse('abcd').success).toBe(false);
    const few = z.array(z.boolean()).check(z.maxLength(1));
    expect(few.safeParse([true, false]).success).toBe(false);
  });
});

describe('messages', () => {
  it('a failure without words of its own takes the words the parse is given', () => {
    const schema = z.object({ name: z.string({ error: () => 'ours' }), id: z.int() });
    const failed = schema.safeParse({ name: 'x', id: 'y' }, { error: () => 'fallback' });
    expect(failed.error?.issues.map((issue) => issue.message)).toEqual(['fallback']);
    const both = schema.safeParse({ id: 'y' }, { error: () => 'fallback' });
    expect(both.error?.issues.map((issue) => issue.message)).toEqual(['ours', 'fallback']);
  });
});

describe('lazySchema', () => {
  it('builds a schema the first time it is asked for, and the same one after', () => {
    let built = 0;
    const schema = lazySchema(() => {
      built += 1;
      return z.string();
    });
    expect(built).toBe(0);
    expect(schema()).toBe(schema());
    expect(built).toBe(1);
  });
});

import fc from 'fast-check';
// The kit's schemas are valibot schemas: valibot's own parse runs them.
import { parse as valibotParse } from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  atMost,
  boolean,
  finiteNumber,
  listOf,
  object,
  optional,
  preprocess,
  safeInteger,
  text,
  v,
} from '@/lib/validation';

const parse = <T>(schema: Parameters<typeof v.safeParse>[0], value: T) =>
  v.safeParse(schema, value);

describe('object, as the schemas use it', () => {
  const withDefault = preprocess((value) => (value === undefined ? '' : value), text());

  it('gives a missing member to its schema as undefined, so a reader may fill it in', () => {
    const schema = object({ title: withDefault, id: safeInteger(0) });
    expect(valibotParse(schema, { id: 3 })).toEqual({ title: '', id: 3 });
  });

  it('fails when a required member is missing or wrong, with the member schema’s message', () => {
    const schema = object({ id: safeInteger(0), name: text(() => 'name must be text') });
    expect(parse(schema, { name: 'x' }).success).toBe(false);
    const wrong = parse(schema, { id: 1, name: 5 });
    expect(wrong.success).toBe(false);
    if (!wrong.success) expect(wrong.issues[0].message).toBe('name must be text');
  });

  it('drops members it does not name, unless loose, and never writes key: undefined', () => {
    const members = { id: safeInteger(), note: optional(text()) };
    expect(valibotParse(object(members), { id: 1, extra: 'x' })).toEqual({ id: 1 });
    const loose = valibotParse(object(members, { loose: true }), {
      id: 1,
      extra: 'x',
      note: undefined,
    });
    expect(loose).toEqual({ id: 1, extra: 'x' });
    expect(Object.keys(loose)).not.toContain('note');
  });

  it('refuses what is not a plain object: arrays, null, text', () => {
    const schema = object({ id: optional(safeInteger()) });
    for (const value of [[], null, 'x', 3, undefined]) {
      expect(parse(schema, value).success).toBe(false);
    }
  });
});

describe('the makers', () => {
  it('take exactly their kind', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(parse(text(), value).success).toBe(typeof value === 'string');
        expect(parse(boolean(), value).success).toBe(typeof value === 'boolean');
        expect(parse(finiteNumber(), value).success).toBe(Number.isFinite(value));
        expect(parse(safeInteger(0), value).success).toBe(
          Number.isSafeInteger(value) && (value as number) >= 0,
        );
      }),
    );
  });

  it('listOf passes each item through its schema and fails on any bad one', () => {
    const ids = listOf(preprocess((value) => Number(value), safeInteger()));
    expect(valibotParse(ids, ['1', 2])).toEqual([1, 2]);
    expect(parse(ids, ['1', 'x']).success).toBe(false);
    expect(parse(ids, 'not a list').success).toBe(false);
  });

  it('atMost bounds text and lists by length', () => {
    const short = v.pipe(text(), atMost<string>(3));
    expect(parse(short, 'abc').success).toBe(true);
    expect(parse(short, 'abcd').success).toBe(false);
    const few = v.pipe(listOf(boolean()), atMost<boolean[]>(1));
    expect(parse(few, [true, false]).success).toBe(false);
  });
});

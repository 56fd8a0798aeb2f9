// Reading everything in slices of keys gives what one get(null) gives, in replies of a few keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAllInSlices, type SliceableArea } from '@/lib/mention-view/sliced-read';

/** An area over `stored` that notes the keys each get asked for (null: everything). */
function areaOf(stored: Record<string, unknown>, withKeys = true) {
  const asked: (string[] | null)[] = [];
  const area: SliceableArea = {
    get: async (keys) => {
      asked.push(keys);
      const wanted = keys ?? Object.keys(stored);
      return Object.fromEntries(wanted.filter((k) => k in stored).map((k) => [k, stored[k]]));
    },
    ...(withKeys ? { getKeys: async () => Object.keys(stored) } : {}),
  };
  return { area, asked };
}

const storage = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 60 },
);

describe('readAllInSlices', () => {
  it('reads what get(null) reads, in slices of at most the slice size', async () => {
    await fc.assert(
      fc.asyncProperty(storage, fc.integer({ min: 1, max: 20 }), async (stored, size) => {
        const { area, asked } = areaOf(stored);
        expect(await readAllInSlices(area, size)).toEqual(stored);
        const slices = asked.filter((keys) => keys !== null);
        for (const keys of slices) expect(keys.length).toBeLessThanOrEqual(size);
        // Every key asked for once, in as few slices as the size allows.
        const count = Object.keys(stored).length;
        expect(asked).not.toContain(null);
        expect(slices.flat().sort()).toEqual(Object.keys(stored).sort());
        expect(slices).toHaveLength(Math.ceil(count / size));
      }),
    );
  });

  it('reads in one call where the area cannot list its keys', async () => {
    const stored = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i]));
    const { area, asked } = areaOf(stored, false);
    expect(await readAllInSlices(area, 4)).toEqual(stored);
    expect(asked).toEqual([null]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from '@/lib/zod';

describe('zod as the extension imports it', () => {
  it('is jitless: no code is compiled from strings, which the extension CSP forbids', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});

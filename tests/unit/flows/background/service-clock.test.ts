// The service's clock through the real background: a service writing UTC−5 wall time is detected
// from what arrives, every stored instant follows, and the user's choice in the options moves
// them again (and back). Whatever the machine's own zone (tests/unit/support/zones.ts).
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { describe, expect, it } from 'vitest';
import { readServiceClock } from '@/lib/storage/items';
import { detectedOffsetMinutes } from '@/lib/time/service-clock';
import { useBackground } from '../../support/background';

const UTC_MINUS_5 = -5 * 60;
const h = useBackground({ utcOffsetMinutes: UTC_MINUS_5 });

const MINUTE = 60_000;

async function newestOf(projectId: number, id: number) {
  const record = (await h.store()).byProject[projectId]?.find((m) => m.id === id);
  if (!record) throw new Error(`mention ${id} is not stored`);
  return record;
}

describe('the service at UTC−5', () => {
  it('a mention that arrives between two polls reads as minutes old, and the offset is detected', async () => {
    await h.start();
    await h.connect();
    const project = h.fake.projects()[0];
    const [fresh] = h.fake.addMentions(project.project_id, 1);
    expect(await h.send('pollNow')).toEqual({ ok: true, value: { polled: true } });

    expect(detectedOffsetMinutes(await readServiceClock(FIRST_ACCOUNT))).toBe(UTC_MINUS_5);
    const record = await newestOf(project.project_id, fresh.id);
    expect(Math.abs(Date.now() - record.addedAt)).toBeLessThan(2 * MINUTE);
    // Every stored instant moved with it: none is hours in the future.
    for (const list of Object.values((await h.store()).byProject)) {
      for (const m of list) expect(m.addedAt).toBeLessThanOrEqual(Date.now() + MINUTE);
    }
    expect((await h.store()).utcOffsetMinutes).toBe(UTC_MINUS_5);
  });

  it('the options choice overrides the detection and moves every instant; "Automatic" moves them back', async () => {
    await h.start();
    await h.connect();
    const project = h.fake.projects()[0];
    const [fresh] = h.fake.addMentions(project.project_id, 1);
    await h.send('pollNow');
    const detected = (await newestOf(project.project_id, fresh.id)).addedAt;

    expect(await h.send('setServiceClockOverride', { overrideMinutes: 60 })).toEqual({
      ok: true,
      value: null,
    });
    // The same wall time read at UTC+1 instead of UTC−5 is six hours earlier.
    expect((await newestOf(project.project_id, fresh.id)).addedAt).toBe(detected - 6 * 60 * MINUTE);
    expect((await readServiceClock(FIRST_ACCOUNT)).overrideMinutes).toBe(60);

    await h.send('setServiceClockOverride', { overrideMinutes: null });
    expect((await newestOf(project.project_id, fresh.id)).addedAt).toBe(detected);
  });

  it('refuses an offset that is no time zone', async () => {
    await h.start();
    for (const overrideMinutes of [7, 15 * 60, -13 * 60, Number.NaN]) {
      const reply = await h.send('setServiceClockOverride', { overrideMinutes });
      expect(reply.ok).toBe(false);
    }
    expect((await readServiceClock(FIRST_ACCOUNT)).overrideMinutes).toBeNull();
  });
});

// Steps the failure flows (tests/unit/flows/background/failures*.test.ts) share over the harness.

import { expect } from 'vitest';
import type { Harness } from './background';

export function failureSteps(h: Harness) {
  return {
    async connected(): Promise<void> {
      await h.start();
      await h.connect();
      h.fake.clearLog();
    },

    /** Moves the fake clock to `when` (epoch ms), if it is ahead. */
    advanceTo(when: number): void {
      const now = Date.now();
      if (when > now) h.clockOffsetMs += when - now;
    },

    /** Things that must hold after every poll, whatever went wrong: there is always a next one. */
    async expectPollingAlive(): Promise<void> {
      const alarm = await h.alarmTime();
      expect(alarm, 'an alarm is pending').toBeTypeOf('number');
      expect((await h.status()).schedule.nextPollAt).toBe(alarm);
    },
  };
}

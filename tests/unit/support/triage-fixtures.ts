// The triage state nothing has touched yet: what storage reads when it holds none, or only damage
// (tests/unit/triage/triage-state.test.ts checks that parseTriage gives exactly this).
import type { TriageState } from '@/lib/triage/triage-state';

export const EMPTY_TRIAGE: TriageState = {
  muteRules: [],
  projectSwitches: {},
  snooze: null,
  missed: 0,
};

// What the background's importSettings takes: a backup the options page has already read and
// checked with parseBackup (lib/backup/backup.ts, which owns the file's format and words every
// problem for the person choosing the file). The background, which writes what it takes, accepts
// only values its own storage guards read back unchanged: those guards own the stored formats, so
// nothing an import writes can later read differently, be dropped as damage, or carry a member no
// guard knows. The file's problems were worded on the page; here a backup either stores as it is
// or is malformed.
import { dequal } from 'dequal/lite';
import { lazySchema, z } from '@/lib/zod';
import { normalizeServiceUrl } from '@/lib/service/connection';
import { MAX_ACCOUNTS, MAX_LABEL_LENGTH, parseIntervalMinutes } from '@/lib/settings/settings';
import { parseQuietHours, type QuietHours } from '@/lib/settings/quiet-hours';
import { SAVED_LIMITS } from '@/lib/triage/saved';
import {
  MAX_MUTE_RULES,
  type MuteRule,
  parseMuteRule,
  parseTriage,
  type ProjectSwitches,
} from '@/lib/triage/triage-state';

const SAVED_ID = /^\d{1,16}:\d{1,16}$/;

/** A value that `read` (a storage guard) gives back as the same data. */
const readsBackAs = <T>(read: (value: unknown) => unknown) =>
  z.custom<T>((value) => dequal(read(value), value));

/** The address of an account of the file, as the settings store it (an origin). */
const origin = () =>
  z.string().check(
    z.refine((serviceUrl) => {
      const url = normalizeServiceUrl(serviceUrl);
      return url.ok && url.origin === serviceUrl;
    }),
  );

/** One account of the backup: its rules, switches, saved ids, address, key and name. */
const importableAccount = () => ({
  muteRules: z.array(readsBackAs<MuteRule>(parseMuteRule)).check(z.maxLength(MAX_MUTE_RULES)),
  projectSwitches: readsBackAs<Record<string, ProjectSwitches>>(
    (switches) => parseTriage({ projectSwitches: switches }).projectSwitches,
  ),
  savedIds: z.array(z.string().check(z.regex(SAVED_ID))).check(z.maxLength(SAVED_LIMITS.count)),
  serviceUrl: z.optional(origin()),
  apiKey: z.optional(z.string().check(z.refine((key) => key.trim() !== ''))),
  label: z.optional(z.string().check(z.maxLength(MAX_LABEL_LENGTH))),
});

/** A backup whose every value storage would read back as it is. */
export const importableBackup = lazySchema(() =>
  z.object({
    preferences: z.object({
      pollIntervalMinutes: z.custom<number>((minutes) => parseIntervalMinutes(minutes) === minutes),
      notificationsEnabled: z.boolean(),
      openInBackground: z.boolean(),
      quietHours: readsBackAs<QuietHours>(parseQuietHours),
    }),
    ...importableAccount(),
    accounts: z.optional(
      z
        .array(z.object({ ...importableAccount(), serviceUrl: origin() }))
        .check(z.maxLength(MAX_ACCOUNTS - 1)),
    ),
  }),
);

/** A backup as importSettings takes it. */
export type ImportableBackup = z.output<ReturnType<typeof importableBackup>>;

// The service's time zone: "Automatic" (detected from arrivals, lib/time/service-clock.ts) or a
// UTC offset the user chooses. The page only reads the stored state; the choice goes to the
// background as a command (the background is the only writer), and is saved as soon as it changes,
// with a visible "Saved". Under the choice, what the service's clock reads now with it, so the user
// can compare with a time the service shows.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { useStored } from '@/lib/storage/use-stored';
import { readServiceClock, serviceClockItem } from '@/lib/storage/items';
import { detectedOffsetMinutes, effectiveOffsetMinutes } from '@/lib/time/service-clock';
import { formatUtcOffset, OFFSETS_IN_USE, serviceWallClockText } from '@/lib/time/utc-offset';

const AUTOMATIC = 'auto';

interface ServiceTimeZoneProps {
  /** The page's clock, for "the service's clock reads … now". */
  now: number;
  /** The account's id as commands name it (commandAccountId); none for the first account. */
  accountId?: string;
}

/** The select's value for an override (null: automatic). */
function choiceValue(overrideMinutes: number | null): string {
  return overrideMinutes === null ? AUTOMATIC : String(overrideMinutes);
}

export function ServiceTimeZone({ now, accountId }: ServiceTimeZoneProps) {
  // A command without an id is the first account's: its clock is the one shown then.
  const account = accountId ?? FIRST_ACCOUNT;
  const read = useCallback(() => readServiceClock(account), [account]);
  const clock = useStored(serviceClockItem(account), read);
  // What the select shows: the stored choice, or the one being saved.
  const [choice, setChoice] = useState<number | null | undefined>(undefined);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // Storage is the truth: a change from elsewhere (another options tab) shows here too.
  const stored = clock?.overrideMinutes;
  useEffect(() => setChoice(stored), [stored]);

  if (!clock || choice === undefined) return null;

  const detected = detectedOffsetMinutes(clock);
  const offsets = [...OFFSETS_IN_USE];
  // A stored choice that is not in the list (any quarter hour is valid) is still shown.
  if (choice !== null && !offsets.includes(choice)) {
    offsets.push(choice);
    offsets.sort((a, b) => a - b);
  }
  const inEffect = choice ?? effectiveOffsetMinutes({ ...clock, overrideMinutes: null });

  async function save(next: number | null) {
    const before = choice ?? null;
    setChoice(next);
    setResult(null);
    const reply = await callBackground('setServiceClockOverride', {
      overrideMinutes: next,
      ...(accountId && { accountId }),
    });
    if (reply.ok) {
      setResult({
        tone: 'success',
        text:
          next === null
            ? t('optionsServiceTimeSavedAuto')
            : t('optionsServiceTimeSaved', formatUtcOffset(next)),
      });
    } else {
      setChoice(before);
      setResult({ tone: 'error', text: t('optionsPrefsFailed', reply.error.message) });
    }
  }

  return (
    <form class="card" onSubmit={(event) => event.preventDefault()}>
      <div class="field">
        <label for="service-time-zone">{t('optionsServiceTimeLabel')}</label>
        <select
          id="service-time-zone"
          value={choiceValue(choice)}
          aria-describedby="service-time-zone-hint service-time-zone-now"
          onChange={(event) => {
            const value = event.currentTarget.value;
            void save(value === AUTOMATIC ? null : Number(value));
          }}
        >
          <option value={AUTOMATIC}>
            {detected === null
              ? t('optionsServiceTimeAutoUnknown')
              : t('optionsServiceTimeAutoDetected', formatUtcOffset(detected))}
          </option>
          {offsets.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {formatUtcOffset(minutes, true)}
            </option>
          ))}
        </select>
        <p id="service-time-zone-hint" class="hint">
          {t('optionsServiceTimeHint')}
        </p>
        <p id="service-time-zone-now" class="hint">
          {t('optionsServiceTimeNow', serviceWallClockText(now, inEffect))}
        </p>
      </div>
      <p role="status" class={result ? `outcome ${result.tone}` : 'outcome'}>
        {result?.text}
      </p>
    </form>
  );
}

// "Pin Mention Monitor to the toolbar": numbered steps in words and a picture of this browser's
// Extensions (puzzle) menu with the same numbers. The build picks the browser (Chromium: a pin
// button in the menu; Firefox: "Pin to Toolbar" in each extension's gear menu), so each bundle
// holds its own picture only.
import { ChromiumPinPicture } from '@/components/welcome/ChromiumPinPicture';
import { FirefoxPinPicture } from '@/components/welcome/FirefoxPinPicture';
import { t } from '@/lib/i18n';

interface PinSectionProps {
  /** The heading's id: the page moves focus to it when the person has just connected. */
  headingId: string;
}

export function PinSection({ headingId }: PinSectionProps) {
  const steps = import.meta.env.FIREFOX
    ? [t('welcomePinStepOpen'), t('welcomePinStepGearFirefox'), t('welcomePinStepPinFirefox')]
    : [t('welcomePinStepOpen'), t('welcomePinStepPinChromium')];
  return (
    <section class="card welcome-pin" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {t('welcomePinHeading')}
      </h2>
      <div class="welcome-pin__body">
        <div>
          <ol class="welcome-steps">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{t('welcomePinAfter')}</p>
        </div>
        {import.meta.env.FIREFOX ? <FirefoxPinPicture /> : <ChromiumPinPicture />}
      </div>
    </section>
  );
}

// The shortcut that opens the popup: its binding as the browser has it now, and a way to change it
// (lib/navigation/shortcut-settings.ts says which). The binding is read when the page opens and
// again whenever the page comes back into view, since it is changed on another page.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import {
  currentShortcutSettingsWay,
  openShortcutSettings,
  readPopupBinding,
} from '@/lib/navigation/shortcut-settings';

/** The binding (null: none), or undefined until read and where the browser has no shortcuts. */
function usePopupBinding(): string | null | undefined {
  const [binding, setBinding] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    const read = () => {
      readPopupBinding().then(
        (value) => alive && setBinding(value),
        () => alive && setBinding(null),
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') read();
    };
    read();
    addEventListener('focus', read);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      removeEventListener('focus', read);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return binding;
}

export function ShortcutCard() {
  const binding = usePopupBinding();
  const [way] = useState(currentShortcutSettingsWay);
  // The steps in words: where the browser has no page to open, or opening it failed.
  const [inWords, setInWords] = useState(way.kind === 'words');

  if (binding === undefined) return null;

  return (
    <div class="card shortcut-card" role="group" aria-labelledby="shortcut-heading">
      <h3 id="shortcut-heading">{t('optionsShortcutHeading')}</h3>
      <p>{binding === null ? t('optionsShortcutNotSet') : t('optionsShortcutBinding', binding)}</p>
      <p class="hint">{t('optionsShortcutHint')}</p>
      {way.kind !== 'words' && (
        <button
          type="button"
          class="secondary"
          onClick={() => {
            void openShortcutSettings(way).then((opened) => setInWords(!opened));
          }}
        >
          {t('optionsShortcutChange')}
        </button>
      )}
      <p role="status" class="outcome info">
        {inWords &&
          (way.kind === 'tab'
            ? t('optionsShortcutChromeSteps', way.url)
            : t('optionsShortcutFirefoxSteps'))}
      </p>
    </div>
  );
}

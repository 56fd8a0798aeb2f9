// "← Back to settings" above a project form: a real link (to the main view's fragment), handled in
// place so focus lands on the project list instead of the top of the page.
import { t } from '@/lib/i18n';

export function BackLink({ onBack }: { onBack(): void }) {
  return (
    <a
      class="back-link"
      href="#"
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      <span aria-hidden="true">← </span>
      {t('optionsBackToSettings')}
    </a>
  );
}

// "Where things are": the popup's main actions, the settings and the mentions page, in the words
// their own buttons use, and a link to the settings.
import { t } from '@/lib/i18n';
import { mentionsPageUrl } from '@/lib/navigation/pages';

export function WhereThingsAre() {
  return (
    <section class="card welcome-where" aria-labelledby="where-heading">
      <h2 id="where-heading">{t('welcomeWhereHeading')}</h2>
      <ul class="welcome-places">
        <li>
          <strong>{t('welcomeWherePopupName')}</strong>
          <ul>
            <li>{t('welcomeWherePopupOpen')}</li>
            <li>{t('welcomeWherePopupMarkAll')}</li>
            <li>{t('welcomeWherePopupSite')}</li>
          </ul>
        </li>
        <li>
          <strong>{t('welcomeWhereSettingsName')}</strong> {t('welcomeWhereSettings')}
        </li>
        <li>
          <strong>{t('welcomeWhereMentionsName')}</strong> {t('welcomeWhereMentions')}{' '}
          <a href={mentionsPageUrl()} target="_blank" rel="noopener">
            {t('welcomeOpenMentionsPage')}
          </a>
        </li>
      </ul>
      <p class="actions">
        <a class="button-link welcome-settings-link" href="/options.html">
          {t('welcomeOpenSettings')}
        </a>
      </p>
    </section>
  );
}

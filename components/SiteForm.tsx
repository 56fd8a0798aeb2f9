// "Monitor this site": the short form the popup shows for the current tab. The person picks Brand,
// Backlinks or Competitor; the form comes prefilled (name from the page title, the site in the
// type's website field, its name as the keyword) with the defaults summed up in one line under
// "More options", where every one of them can be changed. Fields, checks and focus are the shared
// project form's (components/form/); this file lays out the popup's version of it. A failed add
// keeps everything typed and says why, beside the field when the service named one.
// Loaded only when the form is opened (entrypoints/popup/SitePanel.tsx): the first paint never
// pays for it.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import {
  changeSiteFormType,
  isMoreOption,
  newSiteForm,
  optionsSummary,
  siteFormFields,
  siteFormFieldsOf,
} from '@/lib/projects/form-state';
import type { ProjectInput } from '@/lib/projects/types';
import { SITE_PROJECT_TYPES, type SiteProjectType } from '@/lib/site/site';
import { POPUP_LOOK as LOOK } from '@/components/form/look';
import { SectionFields } from '@/components/form/ProjectFields';
import { useProjectForm } from '@/components/form/use-project-form';

export interface SiteFormProps {
  host: string;
  /** The tab's title: the suggested project name. */
  title: string;
  /**
   * With several accounts: each (its id and the name it goes by), the form asking which one the
   * project goes to; the first is chosen to begin with.
   */
  accounts?: readonly { id: string; name: string }[];
  /**
   * Resolves with the failure, or null once added (the popup then closes the form). `account`: the
   * one chosen, with several.
   */
  onSubmit(input: ProjectInput, account?: string): Promise<CommandError | null>;
  onCancel(): void;
}

export function SiteForm(props: SiteFormProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const [account, setAccount] = useState(props.accounts?.[0]?.id);
  // What the submit reads: the account chosen last, whenever the form took its handler.
  const chosenAccount = useRef(account);
  chosenAccount.current = account;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ctl = useProjectForm({
    initial: newSiteForm(SITE_PROJECT_TYPES[0], props.host, props.title),
    chosen: false,
    prefix: LOOK.prefix,
    shown: (type) => siteFormFields(type as SiteProjectType),
    words: {
      invalid: (count) => tn('popupSiteInvalid', count),
      rejected: (label) => t('popupSiteRejectedField', label),
      failed: (message) => t('popupSiteFailed', message),
    },
    onSubmit: (input) => {
      const chosen = chosenAccount.current;
      return chosen === undefined ? props.onSubmit(input) : props.onSubmit(input, chosen);
    },
    reveal: (name) => {
      if (isMoreOption(name)) setMoreOpen(true);
    },
  });

  // Focus goes to the form's heading as it appears, in a layout effect: a plain effect runs after
  // the frame, and could take the focus back from someone who had already tabbed on into the form.
  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);

  // The first choice starts from the prefilled form; a later one keeps everything typed.
  function choose(type: SiteProjectType) {
    ctl.choose(
      ctl.chosen
        ? changeSiteFormType(ctl.current(), type, props.host)
        : newSiteForm(type, props.host, props.title),
    );
  }

  const type = ctl.chosen ? (ctl.form.type as SiteProjectType) : null;
  const specs = type ? siteFormFieldsOf(type) : [];
  const section = (name: 'about' | 'watch' | 'where' | 'notify') => (
    <SectionFields section={name} specs={specs} ctl={ctl} look={LOOK} />
  );

  return (
    <section class="site-form" aria-labelledby="site-form-title">
      <h2 id="site-form-title" class="site-form__title" tabIndex={-1} ref={headingRef}>
        {t('popupSiteFormTitle', props.host)}
      </h2>
      {ctl.summary && (
        <p class="site-form__alert" role="alert" tabIndex={-1} ref={ctl.summaryRef}>
          {ctl.summary}
        </p>
      )}
      <form noValidate onSubmit={(event) => void ctl.submit(event)}>
        {props.accounts && (
          <label class="sf-account">
            <span class="sf-label">{t('popupSiteFormAccount')}</span>
            <select
              class="field__select"
              value={account}
              onChange={(event) => setAccount(event.currentTarget.value)}
            >
              {props.accounts.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset class="sf-types">
          <legend class="sf-label">{t('popupSiteFormType')}</legend>
          <div class="sf-types__options">
            {SITE_PROJECT_TYPES.map((option) => (
              <div class="sf-type" key={option}>
                <input
                  type="radio"
                  name="site-type"
                  id={`sf-type-${option}`}
                  class="sf-type__input"
                  checked={type === option}
                  aria-describedby={`sf-type-${option}-hint`}
                  onChange={() => choose(option)}
                />
                <label class="sf-type__name" for={`sf-type-${option}`}>
                  {t(`popupSiteAs_${option}`)}
                </label>
                <span class="sf-type__hint" id={`sf-type-${option}-hint`}>
                  {t(`popupSiteAsHint_${option}`)}
                </span>
              </div>
            ))}
          </div>
        </fieldset>

        {type && (
          <>
            {section('about')}
            {section('watch')}
            <details
              class="sf-more"
              open={moreOpen}
              onToggle={(event) => setMoreOpen(event.currentTarget.open)}
            >
              <summary class="sf-more__summary">
                <span class="sf-more__title">{t('popupSiteMoreOptions')}</span>
                <span class="sf-more__defaults">{optionsSummary(ctl.form)}</span>
              </summary>
              <div class="sf-more__body">
                {section('where')}
                {section('notify')}
              </div>
            </details>
          </>
        )}

        <div class="sf-actions">
          {type && (
            <button
              type="submit"
              class="button button--primary"
              aria-disabled={ctl.submitting ? 'true' : undefined}
            >
              {ctl.submitting ? t('popupSiteSubmitting') : t('popupSiteSubmit')}
            </button>
          )}
          <button type="button" class="button button--quiet" onClick={props.onCancel}>
            {t('popupSiteCancel')}
          </button>
        </div>
      </form>
    </section>
  );
}

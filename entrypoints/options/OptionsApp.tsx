// The options page: connection, preferences, projects, what is muted and the settings backup on one
// page; adding or editing a project opens its form in place of them. With several accounts, the
// projects, status, time zone and muted rules are those of the account chosen above them. The URL
// fragment names the view, so links (notifications, the popup's "add this site") and the Back
// button work.
import {
  accountNames,
  accountSettings,
  commandAccountId,
  FIRST_ACCOUNT,
  listAccounts,
} from '@/lib/accounts/accounts';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { AccountSelect } from '@/components/options/AccountSelect';
import { Accounts } from '@/components/options/Accounts';
import { BackLink } from '@/components/options/BackLink';
import { BackupCard } from '@/components/options/BackupCard';
import { EditProjectView } from '@/components/options/EditProjectView';
import { MutedRules } from '@/components/options/MutedRules';
import { PreferencesForm } from '@/components/options/PreferencesForm';
import { ProjectForm } from '@/components/options/ProjectForm';
import { ProjectList } from '@/components/options/ProjectList';
import {
  mentionsPageUrl,
  optionsHash,
  parseOptionsHash,
  type OptionsRoute,
} from '@/lib/navigation/pages';
import { ServiceTimeZone } from '@/components/options/ServiceTimeZone';
import { ShortcutCard } from '@/components/options/ShortcutCard';
import { StatusPanel } from '@/components/options/StatusPanel';
import { useNow } from '@/components/RelativeTime';
import { useAccountData } from '@/components/options/use-account-data';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { showAccount } from '@/lib/messaging/page-account';
import type { CommandError } from '@/lib/messaging/protocol';
import { newProjectForm } from '@/lib/projects/form-state';
import { useStored } from '@/lib/storage/use-stored';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { accountFingerprint } from '@/lib/service/connection';
import { isConfigured } from '@/lib/settings/settings';
import { readSettings, settingsItem } from '@/lib/storage/items';

function useRoute(): [OptionsRoute, (route: OptionsRoute) => void] {
  const [route, setRoute] = useState(() => parseOptionsHash(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseOptionsHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  const navigate = useCallback((next: OptionsRoute) => {
    const hash = optionsHash(next);
    if (hash === '') history.pushState(null, '', location.pathname + location.search);
    else history.pushState(null, '', `#${hash}`);
    setRoute(next);
  }, []);
  return [route, navigate];
}

export function OptionsApp() {
  const settings = useStored(settingsItem, readSettings);
  // The account whose projects, status and time zone are shown (several accounts: the chooser's).
  const [chosen, setChosen] = useState<string | null>(null);
  // The account the add form puts its project in, when there is a choice.
  const [addTo, setAddTo] = useState<string | null>(null);
  const accounts = settings ? listAccounts(settings) : [];
  // With no account, the page is the first's: where "Save and connect" puts one.
  const shownId = (accounts.find((a) => a.id === chosen) ?? accounts[0])?.id ?? FIRST_ACCOUNT;
  const data = useAccountData(shownId);
  const shownOnce = useRef(false);
  const now = useNow();
  const [route, navigate] = useRoute();
  const [notice, setNotice] = useState<string | null>(null);
  // Where focus goes after the next view change: the new view's heading, or back to the projects.
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfter.current;
    if (!id) return;
    const element = document.getElementById(id);
    if (element) {
      focusAfter.current = null;
      element.focus();
    }
  });

  const go = (next: OptionsRoute, focus: string) => {
    focusAfter.current = focus;
    if (next.view !== 'home') setNotice(null);
    navigate(next);
  };
  const home = (message?: string) => {
    setNotice(message ?? null);
    go({ view: 'home' }, 'projects-heading');
  };

  if (!settings || (!data && !shownOnce.current)) {
    return (
      <main id="main">
        <p class="muted">{t('optionsLoading')}</p>
      </main>
    );
  }
  shownOnce.current = true;

  const several = accounts.length > 1;
  const names = accountNames(accounts, (place) => t('accountNumbered', String(place)));
  const shownSettings = accountSettings(settings, shownId);
  const shownCommandId = commandAccountId(settings, shownId);
  // The list and the forms show the shown account as stored now: their commands carry it.
  showAccount({ ...shownSettings, id: shownCommandId });
  const configured = isConfigured(shownSettings);
  const notConnectedNote = !configured && <p class="card problem">{t('optionsConnectFirst')}</p>;
  const addAccountId = accounts.find((a) => a.id === addTo)?.id ?? shownId;

  async function addProject(input: ProjectInput): Promise<CommandError | null> {
    const target = accounts.find((a) => a.id === addAccountId);
    // Several accounts: the one chosen in the form, named by its id and the key it has now.
    const account =
      several && target
        ? {
            accountId: target.id,
            account: await accountFingerprint(target.serviceUrl, target.apiKey),
          }
        : {};
    const reply = await callBackground('addProject', { input, ...account });
    if (!reply.ok) return reply.error;
    if (several) setChosen(addAccountId);
    home(t('optionsAdded', input.name));
    return null;
  }

  async function removeProject(project: ServiceProject): Promise<CommandError | null> {
    const reply = await callBackground('removeProject', { projectId: project.project_id });
    if (!reply.ok) return reply.error;
    setNotice(t('optionsRemoved', project.name));
    focusAfter.current = 'projects-heading';
    return null;
  }

  const statusPanel = configured && data && (
    <StatusPanel
      key={shownId}
      settings={shownSettings}
      accountId={shownCommandId}
      accountName={several ? names.get(shownId) : undefined}
      status={data.status}
      projects={data.projects}
      now={now}
    />
  );
  const timeZone = <ServiceTimeZone key={shownId} now={now} accountId={shownCommandId} />;
  const loadingNote = <p class="muted">{t('optionsLoading')}</p>;

  let view;
  if (route.view === 'add') {
    view = (
      <section class="view" aria-labelledby="view-heading">
        <BackLink onBack={() => home()} />
        <h2 id="view-heading" tabIndex={-1}>
          {t('optionsAddHeading')}
        </h2>
        {notConnectedNote}
        <ProjectForm
          key={optionsHash(route)}
          mode="add"
          initial={newProjectForm(route.type ?? 'brandMonitoring', { domain: route.domain })}
          typeChosen={route.type !== undefined}
          account={
            several && (
              <AccountSelect
                id="project-account"
                accounts={accounts}
                names={names}
                value={addAccountId}
                hint={t('optionsProjectAccountHint')}
                onChange={setAddTo}
              />
            )
          }
          onSubmit={addProject}
          onCancel={() => home()}
        />
      </section>
    );
  } else if (route.view === 'project') {
    view = (
      <EditProjectView
        key={`${shownId}/${route.projectId}`}
        projectId={route.projectId}
        knownName={data?.projects.find((p) => p.project_id === route.projectId)?.name}
        onSaved={(input) => home(t('optionsSaved', input.name))}
        onCancel={() => home()}
      />
    );
  } else {
    const projects = data?.projects ?? [];
    view = (
      <>
        <section aria-labelledby="connection-heading">
          <h2 id="connection-heading">{t('optionsConnectionHeading')}</h2>
          <p class="section-intro">{t('optionsConnectionIntro')}</p>
          <Accounts settings={settings} />
          {!several && statusPanel}
        </section>
        <section aria-labelledby="preferences-heading">
          <h2 id="preferences-heading">{t('optionsPreferencesHeading')}</h2>
          <PreferencesForm settings={settings} />
          {!several && timeZone}
          <ShortcutCard />
        </section>
        {several && (
          <section aria-labelledby="account-view-heading">
            <h2 id="account-view-heading">{t('optionsAccountViewHeading')}</h2>
            <div class="card">
              <AccountSelect
                id="shown-account"
                accounts={accounts}
                names={names}
                value={shownId}
                hint={t('optionsAccountChooserHint')}
                onChange={setChosen}
              />
            </div>
            {data ? statusPanel : loadingNote}
            {timeZone}
          </section>
        )}
        <section aria-labelledby="projects-heading">
          <div class="section-head">
            <h2 id="projects-heading" tabIndex={-1}>
              {t('optionsProjectsHeading')}
              {configured && projects.length > 0 && (
                <span class="count">{tn('optionsProjectCount', projects.length)}</span>
              )}
            </h2>
            {configured && (
              <div class="section-head__actions">
                <a class="button-link" href={mentionsPageUrl()} target="_blank" rel="noopener">
                  {t('optionsOpenMentionsPage')}
                </a>
                <button
                  type="button"
                  class="primary"
                  onClick={() => go({ view: 'add' }, 'view-heading')}
                >
                  {t('optionsAddProject')}
                </button>
              </div>
            )}
          </div>
          <p role="status" class={notice ? 'notice' : 'notice empty'}>
            {notice}
          </p>
          {!data ? (
            loadingNote
          ) : !configured ? (
            <p class="card empty-state">{t('optionsProjectsNotConnected')}</p>
          ) : projects.length === 0 ? (
            <p class="card empty-state">{t('optionsProjectsEmpty')}</p>
          ) : (
            <ProjectList
              key={shownId}
              projects={projects}
              unread={data.preview.unreadByProject}
              errors={data.status.projectErrors}
              absent={data.status.absentProjects}
              triage={data.triage}
              onEdit={(projectId) => go({ view: 'project', projectId }, 'view-heading')}
              onRemove={removeProject}
            />
          )}
        </section>
        {data && (
          <MutedRules
            key={shownId}
            rules={data.triage.muteRules}
            projects={projects}
            accountId={shownCommandId}
          />
        )}
        <BackupCard settings={settings} />
      </>
    );
  }

  return (
    <>
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={40} height={40} />
        <div>
          <p class="eyebrow">{t('extName')}</p>
          <h1>{t('optionsTitle')}</h1>
        </div>
      </header>
      <main id="main">{view}</main>
    </>
  );
}

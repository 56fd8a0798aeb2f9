// The options page: connection, preferences, projects, what is muted and the settings backup on one
// page; adding or editing a project
// opens its form in place of them. The URL fragment names the view, so links (notifications, the
// popup's "add this site") and the Back button work.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { BackLink } from '@/components/options/BackLink';
import { BackupCard } from '@/components/options/BackupCard';
import { ConnectionForm } from '@/components/options/ConnectionForm';
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
import { t, tn } from '@/lib/i18n';
import { readPreviewCounts } from '@/lib/mentions/preview';
import { callBackground } from '@/lib/messaging/call-background';
import { showAccount } from '@/lib/messaging/page-account';
import type { CommandError } from '@/lib/messaging/protocol';
import { newProjectForm } from '@/lib/projects/form-state';
import { useStored } from '@/lib/storage/use-stored';
import type { ProjectInput, ServiceProject } from '@/lib/projects/types';
import { isConfigured } from '@/lib/settings/settings';
import {
  mentionPreviewItem,
  projectsItem,
  readProjects,
  readSettings,
  settingsItem,
  syncStatusItem,
  triageItem,
} from '@/lib/storage/items';
import { readSyncStatus } from '@/lib/sync/status-storage';

const readTriage = () => triageItem(FIRST_ACCOUNT).read();

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
  const projects = useStored(projectsItem(FIRST_ACCOUNT), () => readProjects(FIRST_ACCOUNT));
  const status = useStored(syncStatusItem(FIRST_ACCOUNT), () => readSyncStatus(FIRST_ACCOUNT));
  // The counts only: the preview is small, the store can be megabytes.
  const preview = useStored(mentionPreviewItem(FIRST_ACCOUNT), () =>
    readPreviewCounts(FIRST_ACCOUNT),
  );
  const triage = useStored(triageItem(FIRST_ACCOUNT), readTriage);
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

  if (!settings || !projects || !status || !preview || !triage) {
    return (
      <main id="main">
        <p class="muted">{t('optionsLoading')}</p>
      </main>
    );
  }

  // The list and the forms show the settings' account as stored now: their commands carry it.
  showAccount(settings);
  const configured = isConfigured(settings);
  const notConnectedNote = !configured && <p class="card problem">{t('optionsConnectFirst')}</p>;

  async function addProject(input: ProjectInput): Promise<CommandError | null> {
    const reply = await callBackground('addProject', { input });
    if (!reply.ok) return reply.error;
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
          onSubmit={addProject}
          onCancel={() => home()}
        />
      </section>
    );
  } else if (route.view === 'project') {
    view = (
      <EditProjectView
        key={route.projectId}
        projectId={route.projectId}
        knownName={projects.find((p) => p.project_id === route.projectId)?.name}
        onSaved={(input) => home(t('optionsSaved', input.name))}
        onCancel={() => home()}
      />
    );
  } else {
    view = (
      <>
        <section aria-labelledby="connection-heading">
          <h2 id="connection-heading">{t('optionsConnectionHeading')}</h2>
          <p class="section-intro">{t('optionsConnectionIntro')}</p>
          <ConnectionForm settings={settings} />
          {configured && (
            <StatusPanel settings={settings} status={status} projects={projects} now={now} />
          )}
        </section>
        <section aria-labelledby="preferences-heading">
          <h2 id="preferences-heading">{t('optionsPreferencesHeading')}</h2>
          <PreferencesForm settings={settings} />
          <ServiceTimeZone now={now} />
          <ShortcutCard />
        </section>
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
          {!configured ? (
            <p class="card empty-state">{t('optionsProjectsNotConnected')}</p>
          ) : projects.length === 0 ? (
            <p class="card empty-state">{t('optionsProjectsEmpty')}</p>
          ) : (
            <ProjectList
              projects={projects}
              unread={preview.unreadByProject}
              errors={status.projectErrors}
              absent={status.absentProjects}
              triage={triage}
              onEdit={(projectId) => go({ view: 'project', projectId }, 'view-heading')}
              onRemove={removeProject}
            />
          )}
        </section>
        <MutedRules rules={triage.muteRules} projects={projects} />
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

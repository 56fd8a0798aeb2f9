// The projects the service knows, with unread counts, statistics on demand, edit and remove, and
// the two local switches (notify on this computer, count on the badge). Removing asks first,
// naming the project.
import { useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import { isProjectType, type ServiceProject, typeLabel } from '@/lib/projects/types';
import type { ProjectAbsence, SyncError } from '@/lib/sync/status';
import { switchesOf, type TriageState } from '@/lib/triage/triage-state';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ProjectStats } from '@/components/options/ProjectStats';
import { ProjectSwitches } from '@/components/options/ProjectSwitches';

interface ProjectListProps {
  projects: readonly ServiceProject[];
  unread: Readonly<Record<number, number>>;
  errors: Readonly<Record<string, SyncError>>;
  /** Projects the service's last lists left out, still kept (lib/sync/project-roster.ts). */
  absent: Readonly<Record<string, ProjectAbsence>>;
  /** The per-project switches' source (switchesOf). */
  triage: TriageState;
  onEdit(projectId: number): void;
  /** Resolves with the failure, or null once the project is gone. */
  onRemove(project: ServiceProject): Promise<CommandError | null>;
}

function projectTypeText(type: string): string {
  return isProjectType(type) ? typeLabel(type) : type;
}

export function ProjectList({
  projects,
  unread,
  errors,
  absent,
  triage,
  onEdit,
  onRemove,
}: ProjectListProps) {
  const [openStats, setOpenStats] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<{
    project: ServiceProject;
    busy: boolean;
    error?: string;
  } | null>(null);

  function toggleStats(id: number) {
    const next = new Set(openStats);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setOpenStats(next);
  }

  async function confirmRemove() {
    if (!removing) return;
    const { project } = removing;
    setRemoving({ project, busy: true });
    const error = await onRemove(project);
    if (error) {
      setRemoving({ project, busy: false, error: t('optionsRemoveFailed', error.message) });
      return;
    }
    setRemoving(null);
  }

  return (
    <>
      <ul class="project-list">
        {projects.map((project) => {
          const id = project.project_id;
          const count = unread[id] ?? 0;
          const error = errors[String(id)];
          const statsId = `stats-${id}`;
          const headingId = `project-${id}`;
          return (
            <li key={id} class="project">
              <div class="project-summary">
                <div class="project-text">
                  <h3 id={headingId} class="project-name">
                    {project.name}
                  </h3>
                  <p class="project-meta">
                    <span>{projectTypeText(project.type)}</span>
                    <span class={count > 0 ? 'unread has-unread' : 'unread'}>
                      {tn('optionsUnread', count)}
                    </span>
                  </p>
                  {absent[String(id)] && (
                    <p class="project-error">{t('optionsProjectNotListed')}</p>
                  )}
                  {error && <p class="project-error">{t('optionsProjectError', error.message)}</p>}
                </div>
                <div class="project-actions">
                  <button
                    type="button"
                    class="secondary"
                    aria-expanded={openStats.has(id) ? 'true' : 'false'}
                    aria-controls={openStats.has(id) ? statsId : undefined}
                    aria-label={t('optionsStatsFor', project.name)}
                    onClick={() => toggleStats(id)}
                  >
                    {t('optionsStats')}
                  </button>
                  <button
                    type="button"
                    class="secondary"
                    aria-label={t('optionsEditNamed', project.name)}
                    onClick={() => onEdit(id)}
                  >
                    {t('optionsEdit')}
                  </button>
                  <button
                    type="button"
                    class="danger-outline"
                    aria-label={t('optionsRemoveNamed', project.name)}
                    onClick={() => setRemoving({ project, busy: false })}
                  >
                    {t('optionsRemove')}
                  </button>
                </div>
              </div>
              <ProjectSwitches project={project} switches={switchesOf(triage, id)} />
              {openStats.has(id) && (
                <ProjectStats id={statsId} projectId={id} projectName={project.name} />
              )}
            </li>
          );
        })}
      </ul>
      {removing && (
        <ConfirmDialog
          title={t('optionsRemoveTitle', removing.project.name)}
          message={t('optionsRemoveMessage', removing.project.name)}
          confirmLabel={t('optionsRemoveConfirm')}
          busy={removing.busy}
          error={removing.error}
          danger
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}

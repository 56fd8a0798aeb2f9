// The edit view: loads the project from the service (the cached list holds only what polling
// needs) into the same form as "add", and saves it with editProject.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import type { CommandError } from '@/lib/messaging/protocol';
import { callBackground } from '@/lib/messaging/call-background';
import { shownAccount, shownAccountId } from '@/lib/messaging/page-account';
import { projectInputFromService, UnknownProjectTypeError } from '@/lib/projects/encode';
import type { ProjectInput } from '@/lib/projects/types';
import { BackLink } from '@/components/options/BackLink';
import { ProjectForm } from '@/components/options/ProjectForm';

interface EditProjectViewProps {
  projectId: number;
  /** The name from the cached list, for the heading while the project loads. */
  knownName?: string;
  onSaved(input: ProjectInput): void;
  onCancel(): void;
}

type State =
  | { kind: 'loading' }
  // `account`, `accountId`: the project's account, which its save names (another's fields never
  // reach this one).
  | {
      kind: 'loaded';
      input: ProjectInput;
      account: string | undefined;
      accountId: string | undefined;
    }
  | { kind: 'failed'; message: string; retry: boolean };

export function EditProjectView(props: EditProjectViewProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    void (async () => {
      // Read before the await: both are of the account shown now.
      const accountId = shownAccountId();
      const account = await shownAccount();
      const reply = await callBackground('getProject', {
        projectId: props.projectId,
        account,
        ...(accountId && { accountId }),
      });
      if (!live) return;
      if (!reply.ok) {
        setState({
          kind: 'failed',
          message: t('optionsProjectLoadFailed', reply.error.message),
          retry: true,
        });
        return;
      }
      try {
        const input = projectInputFromService(reply.value);
        setState({ kind: 'loaded', input, account, accountId });
      } catch (error) {
        if (!(error instanceof UnknownProjectTypeError)) throw error;
        setState({
          kind: 'failed',
          message: t('optionsProjectUnknownType', [error.projectName, error.projectType]),
          retry: false,
        });
      }
    })();
    return () => {
      live = false;
    };
  }, [props.projectId, attempt]);

  async function save(input: ProjectInput): Promise<CommandError | null> {
    const loaded = state.kind === 'loaded' ? state : undefined;
    const reply = await callBackground('editProject', {
      projectId: props.projectId,
      input,
      account: loaded?.account,
      ...(loaded?.accountId && { accountId: loaded.accountId }),
    });
    if (!reply.ok) return reply.error;
    props.onSaved(input);
    return null;
  }

  const name = state.kind === 'loaded' ? state.input.name : props.knownName;
  return (
    <section class="view" aria-labelledby="view-heading">
      <BackLink onBack={props.onCancel} />
      <h2 id="view-heading" tabIndex={-1}>
        {name ? t('optionsEditHeading', name) : t('optionsEditHeadingUnnamed')}
      </h2>
      {state.kind === 'loading' && (
        <p class="muted" role="status">
          {t('optionsProjectLoading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <div class="card problem">
          <p role="alert">{state.message}</p>
          <div class="actions">
            {state.retry && (
              <button type="button" class="secondary" onClick={() => setAttempt(attempt + 1)}>
                {t('optionsRetry')}
              </button>
            )}
            <button type="button" class="secondary" onClick={props.onCancel}>
              {t('optionsBackToSettings')}
            </button>
          </div>
        </div>
      )}
      {state.kind === 'loaded' && (
        <ProjectForm mode="edit" initial={state.input} onSubmit={save} onCancel={props.onCancel} />
      )}
    </section>
  );
}

// A project's statistics from the service (getProjectStats), fetched when shown, again on retry and
// again when the page comes to show another account (project ids of two services collide): the one
// fetch behind the options page's list and the mentions page's charts.
import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '@/lib/messaging/call-background';
import { watchShownAccount } from '@/lib/messaging/page-account';
import type { ProjectDataRow } from '@/lib/service/replies';

type ProjectStatsState =
  | { kind: 'loading' }
  | { kind: 'loaded'; rows: ProjectDataRow[] }
  | { kind: 'failed'; message: string };

export function useProjectStats(projectId: number): {
  state: ProjectStatsState;
  retry(): void;
} {
  const [state, setState] = useState<ProjectStatsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // Counts the page's account changes: the statistics shown are always the account's it shows.
  const [accounts, setAccounts] = useState(0);
  useEffect(() => watchShownAccount(() => setAccounts((n) => n + 1)), []);

  useEffect(() => {
    // A reply for a project (or an account) no longer shown is dropped.
    let live = true;
    setState({ kind: 'loading' });
    void callBackground('getProjectStats', { projectId }).then((reply) => {
      if (!live) return;
      setState(
        reply.ok
          ? { kind: 'loaded', rows: reply.value.rows }
          : { kind: 'failed', message: reply.error.message },
      );
    });
    return () => {
      live = false;
    };
  }, [projectId, attempt, accounts]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

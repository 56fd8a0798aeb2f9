// A project's statistics from the service (getProjectStats), fetched when shown, again on retry and
// again when the page comes to show another account (project ids of two services collide): the one
// fetch behind the options page's list and the mentions page's charts.
import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '@/lib/messaging/call-background';
import { accountData, shownAccountVersion, watchShownAccount } from '@/lib/messaging/page-account';
import type { ProjectDataRow } from '@/lib/service/project-data';

type ProjectStatsState =
  | { kind: 'loading' }
  | { kind: 'loaded'; rows: ProjectDataRow[] }
  | { kind: 'failed'; message: string };

/** `account`: the project's (with several accounts); the page's first when absent. */
export function useProjectStats(
  projectId: number,
  account?: string,
): {
  state: ProjectStatsState;
  retry(): void;
} {
  const [state, setState] = useState<ProjectStatsState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The account the page shows: the statistics are always that account's project's.
  const [shown, setShown] = useState(shownAccountVersion);
  useEffect(() => {
    const stop = watchShownAccount(() => setShown(shownAccountVersion()));
    // A change between the first render and this effect.
    setShown(shownAccountVersion());
    return stop;
  }, []);

  useEffect(() => {
    // A reply for a project (or an account) no longer shown is dropped.
    let live = true;
    setState({ kind: 'loading' });
    const named = account === undefined ? {} : accountData(account);
    void callBackground('getProjectStats', { projectId, ...named }).then((reply) => {
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
  }, [projectId, attempt, shown, account]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

// A project's statistics from the service (getProjectStats), fetched when shown and again on
// retry: the one fetch behind the options page's list and the mentions page's charts.
import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '@/lib/messaging/call-background';
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

  useEffect(() => {
    // A reply for a project no longer shown (the filter changed meanwhile) is dropped.
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
  }, [projectId, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}

// Storage as the e2e tests read it (shapes of lib/mentions/store.ts and lib/sync/status.ts), and
// what they count in it.

export interface StoredMentionView {
  id: number;
  project_id: number;
  read: boolean;
  firstSeen: number;
  addedAt: number;
  date_added: string;
  title: string;
}

export interface MentionStoreView {
  byProject: Record<string, StoredMentionView[]>;
  syncedProjects: number[];
  floors: Record<string, unknown>;
  utcOffsetMinutes: number;
}

export interface SyncStatusView {
  schedule: {
    consecutiveFailures: number;
    lastSuccessAt: number | null;
    nextPollAt: number;
    attention: boolean;
  };
  keyRejected: boolean;
  permissionMissing: boolean;
  lastError: { kind: string; message: string; at: number } | null;
  projectErrors: Record<string, { kind: string; message: string; at: number }>;
  absentProjects: Record<string, { since: number; polls: number }>;
  records: { skipped: number; refused: number; undated: number };
  lastPollAt: number | null;
}

/** Unread mentions in a stored store, per project id and in all. */
export function unreadIn(store: MentionStoreView): {
  total: number;
  byProject: Map<number, number>;
} {
  const byProject = new Map<number, number>();
  let total = 0;
  for (const [id, list] of Object.entries(store.byProject)) {
    const unread = list.filter((m) => !m.read).length;
    byProject.set(Number(id), unread);
    total += unread;
  }
  return { total, byProject };
}

export function mentionTotal(store: MentionStoreView): number {
  return Object.values(store.byProject).reduce((n, list) => n + list.length, 0);
}

/** The first unread mention of a stored store (the test expects one). */
export function firstUnread(store: MentionStoreView) {
  const mention = Object.values(store.byProject)
    .flat()
    .find((m) => !m.read);
  if (!mention) throw new Error('No unread mention in the store');
  return mention;
}

// Stores built the way the extension builds them: through mergeMentions with the default caps, so
// the records, their order and the pruned-id memory are exactly what a real poll leaves behind.
import { mergeMentions } from '@/lib/mentions/merge';
import { emptyMentionStore, type MentionStore } from '@/lib/mentions/store';
import type { Mention } from '@/lib/service/values';
import { createRng } from '../../fake-service/prng';
import { NOW } from './mention-fixtures';

/** Merges each project's `replies[i]` in turn (after the first sync), then marks a share read. */
export function storeFrom(
  replies: readonly Mention[][],
  readShare: number,
  seed = 1,
): MentionStore {
  let store = emptyMentionStore();
  for (const reply of replies) {
    const projectId = reply[0].project_id;
    store = mergeMentions(store, projectId, reply, NOW, { firstSync: false }).store;
  }
  // Read state as a person leaves it: most of the older mentions read, some not.
  const rng = createRng(seed);
  const byProject: MentionStore['byProject'] = {};
  for (const [id, list] of Object.entries(store.byProject)) {
    byProject[Number(id)] = list.map((m) => ({ ...m, read: rng.chance(readShare) }));
  }
  return { ...store, byProject };
}

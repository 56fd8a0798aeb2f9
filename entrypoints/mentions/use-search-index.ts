// The search index (lib/search/mention-search.ts) is built after the page has painted what it
// read, never on the way to that frame, and rebuilt from the last one when the mentions change (a
// poll refolds only what changed). Until it exists, results are matched on the fly. The mark lets
// `npm run bench -- mentions` tell when it is ready.
import { useEffect, useState } from 'preact/hooks';
import { buildSearchIndex, type MentionSearchIndex } from '@/lib/search/mention-search';
import type { StoredMention } from '@/lib/mentions/store';
import { afterNextPaint } from '@/entrypoints/mentions/after-next-paint';

const INDEX_BUILT_MARK = 'mentions-page:index-built';

export function useSearchIndex(mentions: readonly StoredMention[]): MentionSearchIndex | null {
  const [index, setIndex] = useState<MentionSearchIndex | null>(null);
  useEffect(() => {
    if (mentions.length === 0) return;
    return afterNextPaint(() => {
      setIndex((previous) => buildSearchIndex(mentions, previous ?? undefined));
      performance.mark(INDEX_BUILT_MARK);
    });
  }, [mentions]);
  return index;
}

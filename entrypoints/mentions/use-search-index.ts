// The search index (lib/search/mention-search.ts) is built after the page has painted, never on
// the way to its first frame, and rebuilt from the last one when the mentions change (a poll
// refolds only what changed). Until it exists, results are matched on the fly.
import { useEffect, useState } from 'preact/hooks';
import { buildSearchIndex, type MentionSearchIndex } from '@/lib/search/mention-search';
import type { StoredMention } from '@/lib/mentions/store';

export function useSearchIndex(mentions: readonly StoredMention[]): MentionSearchIndex | null {
  const [index, setIndex] = useState<MentionSearchIndex | null>(null);
  useEffect(() => {
    if (mentions.length === 0) return;
    // After the next frame has painted: a timeout queued from requestAnimationFrame runs then.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        setIndex((previous) => buildSearchIndex(mentions, previous ?? undefined)),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [mentions]);
  return index;
}

// The line above a mention's title that says where it came from (source, project, age), alike in
// the popup's rows (MentionRow) and the mentions page's results (ResultRowBody); each list styles
// it under its own block ('mention__meta', 'result__meta'). The project's name is remote text:
// a text node, with dir="auto" so a right-to-left name reads in its own direction.
import type { StoredMention } from '@/lib/mentions/store';
import { sourceName } from '@/lib/projects/labels';
import { RelativeTime } from '@/components/RelativeTime';
import { SourceIcon } from '@/components/SourceIcon';

export interface RowMetaProps {
  /** The class block of the list's rows: the popup's 'mention', the mentions page's 'result'. */
  block: 'mention' | 'result';
  mention: StoredMention;
  projectName: string;
  /** The clock for the age. */
  now: number;
}

export function RowMeta({ block, mention, projectName, now }: RowMetaProps) {
  return (
    <div class={`${block}__meta`}>
      <SourceIcon source={mention.source} />
      <span class={`${block}__source`}>{sourceName(mention.source)}</span>
      <span class={`${block}__dot`} aria-hidden="true">
        ·
      </span>
      <span class={`${block}__project`} dir="auto">
        {projectName}
      </span>
      <RelativeTime
        class={`${block}__time`}
        epochMs={mention.addedAt}
        now={now}
        serviceText={mention.date_added}
      />
    </div>
  );
}

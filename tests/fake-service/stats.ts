// getProjectData: the contract says only "get project statistics". This shape is our invention,
// made to look like a PHP dashboard's numbers (nested counts, a last-mention timestamp), so the
// client's generic key/value view of it gets exercised with realistic data.

import { DAY_MS, formatServiceTime } from './time';
import type { FakeMention, FakeProject } from './types';

export interface ProjectStatistics {
  project_id: number;
  name: string;
  type: string;
  total_mentions: number;
  mentions_last_24h: number;
  mentions_last_7d: number;
  /** Count per source the project watches (zero included), plus any other source seen. */
  sources: Record<string, number>;
  sentiment: { positive: number; neutral: number; negative: number };
  favorites: number;
  average_relevance_score: number;
  /** date_added of the newest mention, or null when there is none. */
  last_mention: string | null;
}

export function projectStatistics(
  project: FakeProject,
  mentions: FakeMention[],
  now: Date,
  utcOffsetMinutes?: number,
): ProjectStatistics {
  const since = (ms: number): string =>
    formatServiceTime(new Date(now.getTime() - ms), utcOffsetMinutes);
  const day = since(DAY_MS);
  const week = since(7 * DAY_MS);

  const sources: Record<string, number> = {};
  for (const source of project.source.split(',')) sources[source.trim()] = 0;
  for (const mention of mentions) sources[mention.source] = (sources[mention.source] ?? 0) + 1;

  const dates = mentions.map((mention) => mention.date_added).sort();
  const relevance = mentions.reduce((sum, mention) => sum + mention.relevance_score, 0);
  return {
    project_id: project.project_id,
    name: project.name,
    type: project.type,
    total_mentions: mentions.length,
    // Timestamps share one fixed-width format, so comparing the strings compares the times.
    mentions_last_24h: dates.filter((date) => date >= day).length,
    mentions_last_7d: dates.filter((date) => date >= week).length,
    sources,
    sentiment: {
      positive: mentions.filter((mention) => mention.sentiment > 0).length,
      neutral: mentions.filter((mention) => mention.sentiment === 0).length,
      negative: mentions.filter((mention) => mention.sentiment < 0).length,
    },
    favorites: mentions.filter((mention) => mention.favorites > 0).length,
    average_relevance_score: mentions.length ? Math.round(relevance / mentions.length) : 0,
    last_mention: dates.length ? dates[dates.length - 1] : null,
  };
}

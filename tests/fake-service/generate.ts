// Builds one mention record for a project, in the style of its source. Used by the seed, by
// addMentions and by demo mode, so new mentions look like the seeded ones.

import { AUTHORS_BY_SOURCE, BLOG_HOSTS, SUBREDDITS, WEB_HOSTS } from './sources';
import { TEMPLATES_BY_TYPE } from './templates';
import type { Rng } from './prng';
import { formatServiceTime, HOUR_MS, MINUTE_MS } from './time';
import type { FakeMention, FakeProject } from './types';

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const DIGITS = '0123456789';
const YT = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface MentionSpec {
  id: number;
  project: FakeProject;
  source: string;
  /** When the service found it (date_added). */
  addedAt: Date;
  /** Which text of the project's bank to use; wraps around. */
  templateIndex: number;
  /** The service's time zone as a UTC offset; the machine's own zone when absent. */
  utcOffsetMinutes?: number;
}

export function generateMention(rng: Rng, spec: MentionSpec): FakeMention {
  const { project, source } = spec;
  const bank = TEMPLATES_BY_TYPE[project.type] ?? TEMPLATES_BY_TYPE.topicMonitoring;
  const template = bank[spec.templateIndex % bank.length];
  const keyword = mainKeyword(project);
  const domain = projectDomain(project);
  const fill = (text: string): string =>
    text.replaceAll('{name}', keyword).replaceAll('{domain}', domain);

  const title = fill(template.title);
  const redditType = source === 'reddit' ? (rng.chance(0.6) ? 'post' : 'comment') : '';
  // The item was published a little before the service found it.
  const createdAt = new Date(spec.addedAt.getTime() - rng.int(2 * MINUTE_MS, 5 * HOUR_MS));

  return {
    id: spec.id,
    project_id: project.project_id,
    type: project.type,
    reddit_type: redditType,
    source,
    relevance_score: rng.int(35, 100),
    sentiment: template.sentiment,
    title,
    // Some records come without a summary or snippet: the client must cope with both.
    text_summary: rng.chance(0.25) ? null : fill(template.summary),
    snippet: rng.chance(0.06) ? '' : fill(template.snippet),
    url: itemUrl(rng, source, redditType, title, domain, project.type),
    keywords: keyword,
    excluded_keywords: excludedKeywords(project),
    status: rng.chance(0.2) ? 1 : 0,
    favorites: rng.chance(0.1) ? 1 : 0,
    author: rng.pick(AUTHORS_BY_SOURCE[source] ?? AUTHORS_BY_SOURCE.web),
    created: formatServiceTime(createdAt, spec.utcOffsetMinutes),
    date_added: formatServiceTime(spec.addedAt, spec.utcOffsetMinutes),
    product_description: String(
      project.sales_product_description ?? project.startup_product_description ?? '',
    ),
  };
}

function itemUrl(
  rng: Rng,
  source: string,
  redditType: string,
  title: string,
  domain: string,
  type: string,
): string {
  const slug = slugify(title);
  switch (source) {
    case 'twitter':
      return `https://x.com/${rng.pick(AUTHORS_BY_SOURCE.twitter).slice(1)}/status/1${rng.chars(18, DIGITS)}`;
    case 'linkedin':
      return `https://www.linkedin.com/posts/${rng.chars(8, ALNUM)}_${slug}-activity-7${rng.chars(18, DIGITS)}-${rng.chars(4, ALNUM)}/`;
    case 'reddit': {
      const post = `https://www.reddit.com/r/${rng.pick(SUBREDDITS)}/comments/${rng.chars(6, ALNUM)}/${slug.replaceAll('-', '_')}/`;
      return redditType === 'comment' ? `${post}${rng.chars(7, ALNUM)}/` : post;
    }
    case 'youtube':
      return `https://www.youtube.com/watch?v=${rng.chars(11, YT)}`;
    case 'social':
      return rng.chance(0.5)
        ? `https://mastodon.social/@${rng.pick(['jonas', 'fietser', 'velocity', 'lucia_r'])}/1${rng.chars(17, DIGITS)}`
        : `https://www.facebook.com/${rng.pick(['urbancyclists', 'cargobikeparents', 'ebikeowners'])}/posts/${rng.chars(16, DIGITS)}`;
    case 'blogs':
      // Brand posts often sit on the brand's own site (acme.test in the seed).
      return type === 'brandMonitoring' && rng.chance(0.5)
        ? `https://${domain}/blog/${slug}`
        : blogUrl(rng, slug);
    default:
      // A brand's or competitor's own site and forum are where much is said about it.
      if ((type === 'brandMonitoring' || type === 'competitiveMonitoring') && rng.chance(0.6)) {
        return rng.chance(0.5)
          ? `https://${domain}/news/${slug}`
          : `https://forum.${domain}/t/${slug}/${rng.int(100, 9999)}`;
      }
      return `https://${rng.pick(WEB_HOSTS)}/${rng.int(2023, 2025)}/${rng.int(1, 12)}/${slug}`;
  }
}

function blogUrl(rng: Rng, slug: string): string {
  const host = rng.pick(BLOG_HOSTS);
  return host === 'medium.com'
    ? `https://medium.com/@${rng.pick(['jesspatel', 'olivergrant', 'bencarter'])}/${slug}-${rng.chars(12, 'abcdef0123456789')}`
    : `https://${host}/p/${slug}`;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
}

const firstLine = (value: string | number | undefined): string | undefined =>
  typeof value === 'string' ? value.split('\n').find((line) => line.trim() !== '') : undefined;

/** The keyword a mention of this project matched. */
function mainKeyword(project: FakeProject): string {
  const field = {
    backlinks: 'backlinks_url',
    brandMonitoring: 'brand_name',
    competitiveMonitoring: 'competitior_name',
    topicMonitoring: 'topic_keywords',
    leadsSalesOpportunities: 'sales_keywords',
    startup: 'startup_keywords',
  }[project.type];
  return (field && firstLine(project[field])) || project.name;
}

function projectDomain(project: FakeProject): string {
  const domain = project.backlinks_url ?? project.brand_url ?? project.competitor_url;
  if (typeof domain === 'string' && domain !== '') return domain;
  return `${slugify(project.name) || 'example'}.test`;
}

function excludedKeywords(project: FakeProject): string {
  const field = Object.keys(project).find((key) => key.endsWith('excluded_keywords'));
  const value = field ? project[field] : '';
  return typeof value === 'string'
    ? value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(',')
    : '';
}

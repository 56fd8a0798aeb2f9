// Source names in the reader's language. Unknown sources (the service may add some) show as sent.

import { t, type MessageKey } from '@/lib/i18n';
import type { Source } from '@/lib/projects/types';

const SOURCE_KEYS: Record<Source, MessageKey> = {
  twitter: 'popupSourceTwitter',
  linkedin: 'popupSourceLinkedin',
  social: 'popupSourceSocial',
  youtube: 'popupSourceYoutube',
  reddit: 'popupSourceReddit',
  web: 'popupSourceWeb',
  blogs: 'popupSourceBlogs',
};

export function sourceName(source: string): string {
  return Object.hasOwn(SOURCE_KEYS, source) ? t(SOURCE_KEYS[source as Source]) : source;
}

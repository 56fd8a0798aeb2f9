// Sentiment as a small coloured mark with a name for assistive technology and a tooltip.
import { t } from '@/lib/i18n';
import { sentimentOf, type Sentiment } from '@/lib/mention-view/mention-text';

const LABELS = {
  positive: 'popupSentimentPositive',
  neutral: 'popupSentimentNeutral',
  negative: 'popupSentimentNegative',
} as const satisfies Record<Sentiment, string>;

export function SentimentMark({ value }: { value: number }) {
  const sentiment = sentimentOf(value);
  const label = t(LABELS[sentiment]);
  return (
    <span class={`sentiment sentiment--${sentiment}`} role="img" aria-label={label} title={label} />
  );
}

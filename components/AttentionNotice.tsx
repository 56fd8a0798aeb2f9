// A problem with the connection, above whatever is still stored: what is wrong, since when, and the
// one action that helps.
import type { Attention } from '@/lib/badge/badge-state';
import { t } from '@/lib/i18n';
import { Icon } from '@/components/Icon';
import { RelativeTime } from '@/components/RelativeTime';

interface AttentionNoticeProps {
  kind: Exclude<Attention, 'not-set-up'>;
  /** The service's host, for the permission request. */
  host: string;
  lastSuccessAt: number | null;
  now: number;
  busy: boolean;
  onAllow(): void;
  onRetry(): void;
  onOpenSettings(): void;
}

export function AttentionNotice(props: AttentionNoticeProps) {
  let title: string;
  let text: string;
  let action: { label: string; onClick(): void };
  switch (props.kind) {
    case 'permission-missing':
      title = t('popupPermissionTitle');
      text = t('popupPermissionText', `\u2068${props.host}\u2069`);
      action = { label: t('popupAllowAccess'), onClick: props.onAllow };
      break;
    case 'key-rejected':
      title = t('popupKeyRejectedTitle');
      text = t('popupKeyRejectedText');
      action = { label: t('popupCheckKey'), onClick: props.onOpenSettings };
      break;
    case 'unreachable':
      title = t('popupUnreachableTitle');
      text = t('popupUnreachableText');
      action = { label: t('popupTryAgain'), onClick: props.onRetry };
      break;
  }
  return (
    <section class={`notice notice--${props.kind}`} aria-labelledby="notice-title">
      <span class="notice__icon" aria-hidden="true">
        <Icon name="alert" />
      </span>
      <div class="notice__content">
        <h2 class="notice__title" id="notice-title">
          {title}
        </h2>
        <p class="notice__text">{text}</p>
        {props.kind === 'unreachable' && (
          <p class="notice__text">
            {props.lastSuccessAt === null ? (
              t('popupNoSuccessYet')
            ) : (
              <RelativeTime
                epochMs={props.lastSuccessAt}
                now={props.now}
                phrase={(relative) => t('popupLastSuccess', relative)}
              />
            )}
          </p>
        )}
        <button
          type="button"
          class="button button--primary button--small"
          aria-disabled={props.busy ? 'true' : undefined}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      </div>
    </section>
  );
}

// Every state of the popup's main area that is not the list: a message and the one action that
// helps; and, for a view whose mentions are still being read, an inline "Loading…".
import { EmptyState, ListLoading } from '@/components/ListStates';
import { t } from '@/lib/i18n';
import type { BodyState } from '@/lib/mention-view/view-model';
import { openWelcomePage } from '@/lib/navigation/pages';

/**
 * The welcome page, in a tab; the popup closes, its job done (setting up goes on there). Had no
 * tab opened, the popup stays, and its button can be pressed again.
 */
function setUp(): void {
  openWelcomePage().then(
    () => window.close(),
    () => undefined,
  );
}

interface BodyProps {
  body: BodyState;
  narrowed: boolean;
  onRefresh(): void;
  onOpenSettings(): void;
  /** Opens the options page's add form. */
  onAddProject(): void;
  onShowAll(): void;
  onClearFilters(): void;
}

/** Every state that is not the list: a message and the one action that helps. */
export function Body({
  body,
  narrowed,
  onRefresh,
  onOpenSettings,
  onAddProject,
  onShowAll,
  onClearFilters,
}: BodyProps) {
  switch (body) {
    case 'not-set-up':
      return (
        <EmptyState
          icon="plug"
          title={t('popupNotSetUpTitle')}
          action={{ label: t('welcomePopupSetUp'), onClick: setUp }}
          secondary={{ label: t('popupOpenSettings'), onClick: onOpenSettings }}
        >
          <p>{t('popupNotSetUpText')}</p>
        </EmptyState>
      );
    case 'not-checked':
      return (
        <EmptyState
          icon="inbox"
          title={t('popupNotCheckedTitle')}
          action={{ label: t('popupCheckNow'), onClick: onRefresh }}
        >
          <p>{t('popupNotCheckedText')}</p>
        </EmptyState>
      );
    case 'no-projects':
      return (
        <EmptyState
          icon="inbox"
          title={t('popupNoProjectsTitle')}
          action={{ label: t('popupAddProject'), onClick: onAddProject }}
        >
          <p>{t('popupNoProjectsText')}</p>
        </EmptyState>
      );
    case 'no-mentions':
      return (
        <EmptyState
          icon="inbox"
          title={t('popupNoMentionsTitle')}
          action={{ label: t('popupCheckNow'), onClick: onRefresh }}
        >
          <p>{t('popupNoMentionsText')}</p>
        </EmptyState>
      );
    case 'caught-up':
      return (
        <EmptyState
          icon="done"
          title={narrowed ? t('popupNothingNewTitle') : t('popupCaughtUpTitle')}
          action={{ label: t('popupShowAllRecent'), onClick: onShowAll }}
        >
          <p>{narrowed ? t('popupNothingNewText') : t('popupCaughtUpText')}</p>
        </EmptyState>
      );
    case 'no-match':
      return (
        <EmptyState
          icon="filter"
          title={t('popupNoMatchTitle')}
          action={{ label: t('popupClearFilters'), onClick: onClearFilters }}
        >
          <p>{t('popupNoMatchText')}</p>
        </EmptyState>
      );
    case 'no-saved':
      return (
        <EmptyState icon="star" title={t('popupSavedEmptyTitle')}>
          <p>{t('popupSavedEmptyText')}</p>
        </EmptyState>
      );
    case 'loading':
      return <ListLoading />;
    case 'attention-only':
    case 'list':
      return null;
  }
}

// A mention's "More actions" menu: read state, save, and the mutes (its author or its site, in all
// projects or in its own; a phrase, through a dialog). Loaded the first time a menu opens.
import { Menu, type MenuItem } from '@/components/Menu';
import type { RowActions } from '@/components/MentionRow';
import { t, type MessageKey } from '@/lib/i18n';
import { muteWithUndo, type MuteRequest } from '@/lib/mention-view/actions';
import { mentionAccount } from '@/lib/mention-view/account-mentions';
import type { StoredMention } from '@/lib/mentions/store';
import { safeHttpUrl } from '@/lib/safe-url';
import { normalizeMuteValue } from '@/lib/triage/mute';

export interface RowMenuProps {
  mention: StoredMention;
  saved: boolean;
  button: HTMLElement;
  /** Opened with x: focus starts on the first mute. */
  atMute: boolean;
  actions: RowActions;
  onClose(refocus: boolean): void;
}

/**
 * A translated sentence around remote text (an author, a domain): the name in its own <bdi>, so a
 * right-to-left name cannot reorder the sentence; the accessible name stays the plain sentence.
 */
function withName(key: MessageKey, name: string) {
  const [before, after = ''] = t(key, '\u0001').split('\u0001');
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
}

export function RowMenu({ mention, saved, button, atMute, actions, onClose }: RowMenuProps) {
  // Storage is input: a damaged record without an author must not break the menu.
  const author = String(mention.author ?? '').trim();
  const url = safeHttpUrl(mention.url);
  // The host as the item names it: the rule mutes exactly that site and its subdomains.
  const site = url ? normalizeMuteValue('site', url) : null;
  const projectId = mention.project_id;
  const account = mentionAccount(mention);
  const mute = (request: MuteRequest) => () =>
    void muteWithUndo({ ...request, account }, actions.context);

  const items: MenuItem[] = [
    {
      label: t(mention.read ? 'popupMenuMarkUnread' : 'popupMenuMarkRead'),
      onSelect: () => actions.toggleRead(mention),
    },
    {
      label: t(saved ? 'popupUnsave' : 'popupSave'),
      onSelect: () => actions.toggleSave(mention),
    },
  ];
  const firstMute = items.length;
  if (author !== '') {
    items.push(
      {
        label: withName('popupMuteAuthor', author),
        onSelect: mute({ kind: 'author', value: author, projectId: null }),
        section: true,
      },
      {
        label: withName('popupMuteAuthorProject', author),
        onSelect: mute({ kind: 'author', value: author, projectId }),
      },
    );
  }
  if (site) {
    items.push(
      {
        label: withName('popupMuteSite', site),
        onSelect: mute({ kind: 'site', value: site, projectId: null }),
        section: items.length === firstMute,
      },
      {
        label: withName('popupMuteSiteProject', site),
        onSelect: mute({ kind: 'site', value: site, projectId }),
      },
    );
  }
  items.push({
    label: t('popupMutePhraseItem'),
    onSelect: () => actions.mutePhrase(mention),
    section: items.length === firstMute,
  });

  return (
    <Menu button={button} items={items} initialFocus={atMute ? firstMute : 0} onClose={onClose} />
  );
}

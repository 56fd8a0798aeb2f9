// The "monitor this site" form over the list (SitePanel): open and closed from the site line, and
// its confirm, which adds the project. Focus goes back where the reader was once it closes.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Report } from '@/lib/mention-view/actions';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import { accountData } from '@/lib/messaging/page-account';
import type { CommandError } from '@/lib/messaging/protocol';
import type { ProjectInput } from '@/lib/projects/types';

interface SiteFormState {
  open: boolean;
  /** The name of the project just added for this site, until the cached project list shows it. */
  added: string | null;
  monitorButton: { current: HTMLButtonElement | null };
  siteLine: { current: HTMLDivElement | null };
  toggle(): void;
  close(): void;
  /** The form's confirm: the failure to show in the form, or null once added. */
  submit(input: ProjectInput, account?: string): Promise<CommandError | null>;
}

export function useSiteForm(report: (report: Report) => void): SiteFormState {
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const monitorButton = useRef<HTMLButtonElement>(null);
  const siteLine = useRef<HTMLDivElement>(null);
  // Where focus goes once the form has closed: back to its button, or to the site line.
  const focusAfterForm = useRef<'monitor' | 'site' | null>(null);

  useEffect(() => {
    const target = focusAfterForm.current;
    if (open || target === null) return;
    focusAfterForm.current = null;
    (target === 'monitor' ? monitorButton.current : siteLine.current)?.focus();
  }, [open]);

  function close() {
    focusAfterForm.current = 'monitor';
    setOpen(false);
  }

  async function submit(input: ProjectInput, account?: string): Promise<CommandError | null> {
    // With several accounts, the one the form chose (and that account's fingerprint).
    const named = account === undefined ? {} : accountData(account);
    const reply = await callBackground(
      'addProject',
      { input, ...named },
      { unanswered: () => t('popupSiteNoBackground') },
    );
    if (!reply.ok) return reply.error;
    // The background has refreshed the cached projects and started the new one's first poll;
    // the site line says "Monitored in ..." as soon as the list in storage shows it.
    setAdded(input.name);
    focusAfterForm.current = 'site';
    setOpen(false);
    report({ text: t('popupSiteAdded', input.name), tone: 'info' });
    return null;
  }

  return {
    open,
    added,
    monitorButton,
    siteLine,
    toggle: () => (open ? close() : setOpen(true)),
    close,
    submit,
  };
}

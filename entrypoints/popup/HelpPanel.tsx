// The keyboard help over the popup. Its module is loaded when the help first opens (with ?), so the
// popup's first paint never carries it.
import { useEffect, useState } from 'preact/hooks';
import type {
  ShortcutHelp as ShortcutHelpComponent,
  ShortcutHelpProps,
} from '@/components/ShortcutHelp';

let loading: Promise<typeof ShortcutHelpComponent> | null = null;

function loadShortcutHelp(): Promise<typeof ShortcutHelpComponent> {
  loading ??= import('@/components/ShortcutHelp').then(
    (module) => module.ShortcutHelp,
    (error: unknown) => {
      // Tried again the next time the help opens.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function HelpPanel(props: ShortcutHelpProps) {
  const [Help, setHelp] = useState<typeof ShortcutHelpComponent | null>(null);
  useEffect(() => {
    let alive = true;
    loadShortcutHelp().then(
      (component) => {
        if (alive) setHelp(() => component);
      },
      // Not loaded (the extension was updated under the popup): nothing to show, and ? works again.
      () => {
        if (alive) props.onClose();
      },
    );
    return () => {
      alive = false;
    };
    // Loaded once per opening; onClose is the same for the popup's life.
  }, []);
  return Help ? <Help {...props} /> : null;
}

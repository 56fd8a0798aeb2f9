// The keyboard help over the popup. Its module is loaded when the help first opens (with ?), so the
// popup's first paint never carries it.
import { lazy } from '@/components/lazy';
import type { ShortcutHelpProps } from '@/components/ShortcutHelp';

const ShortcutHelp = lazy<ShortcutHelpProps>(() =>
  import('@/components/ShortcutHelp').then((module) => module.ShortcutHelp),
);

export function HelpPanel(props: ShortcutHelpProps) {
  // Not loaded (the extension was updated under the popup): nothing to show, and ? works again.
  return <ShortcutHelp {...props} onUnavailable={props.onClose} />;
}

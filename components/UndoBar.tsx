// "Marked 12 mentions as read. Undo" for a few seconds; it stays while the pointer or focus is on it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';

export const UNDO_MS = 8_000;

export interface UndoBarProps {
  count: number;
  onUndo(): void;
  onDismiss(): void;
  timeoutMs?: number;
}

export function UndoBar({ count, onUndo, onDismiss, timeoutMs = UNDO_MS }: UndoBarProps) {
  const [held, setHeld] = useState(false);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismiss.current(), timeoutMs);
    return () => clearTimeout(timer);
  }, [held, timeoutMs, count]);

  return (
    <div
      class="undo"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocusIn={() => setHeld(true)}
      onFocusOut={() => setHeld(false)}
    >
      <span role="status">{tn('popupMarkedRead', count)}</span>
      <button type="button" class="button button--inverse" onClick={onUndo}>
        {t('popupUndo')}
      </button>
    </div>
  );
}

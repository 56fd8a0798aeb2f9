// How a click on a mention should open it. A plain click (or Enter) opens it in front and closes
// the popup, or behind when the user's preference says so (settings.openInBackground); a modified
// click (Ctrl/Cmd/Shift) or the middle button always opens it behind and keeps the popup open, as
// links do everywhere else.

export type OpenMode = 'foreground' | 'background';

export interface ClickFacts {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export function openMode(click: ClickFacts, openInBackground = false): OpenMode | null {
  if (click.button === 1) return 'background';
  if (click.button !== 0) return null;
  if (click.ctrlKey || click.metaKey || click.shiftKey) return 'background';
  return openInBackground ? 'background' : 'foreground';
}

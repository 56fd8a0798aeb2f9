// How a click on a mention should open it. A plain click opens it in front and closes the popup;
// a modified click (Ctrl/Cmd/Shift) or the middle button opens it behind and keeps the popup open,
// as links do everywhere else.

export type OpenMode = 'foreground' | 'background';

export interface ClickFacts {
  button: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export function openMode(click: ClickFacts): OpenMode | null {
  if (click.button === 1) return 'background';
  if (click.button !== 0) return null;
  return click.ctrlKey || click.metaKey || click.shiftKey ? 'background' : 'foreground';
}

// @vitest-environment happy-dom
// Saving an export: the text as a Blob of its type behind a link with the file's name, clicked
// once, the link gone from the page at once and its URL revoked once the download has read it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportMentions } from '@/entrypoints/mentions/export-mentions';
import { mentionsCsv } from '@/lib/export/mention-export';
import { stored } from '../../support/mention-factory';

/** How long the file's URL outlives the click (a minute). */
const REVOKE_AFTER_MS = 60_000;

afterEach(() => {
  vi.useRealTimers();
});

describe('downloadText', () => {
  it('clicks a download link to a Blob of the text, then revokes its URL', async () => {
    // Noon local time: the file's day is the 25th in any zone.
    vi.useFakeTimers({ now: new Date(2026, 10, 25, 12) });
    const blobs: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export-1';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: { href: string; download: string; inDocument: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, inDocument: this.isConnected });
    });
    const mentions = [stored({ id: 1, title: 'Acme, again' })];
    const context = {
      projectName: () => 'Acme',
      savedKeys: new Set<string>(),
      timeZone: 'UTC',
      filterProject: 'Acme',
    };

    exportMentions('csv', mentions, context);

    expect(create).toHaveBeenCalledTimes(1);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    // UTF-8 with the byte-order mark first, as spreadsheets need it.
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(mentionsCsv(mentions, context).slice(1));
    expect(clicked).toEqual([
      { href: 'blob:export-1', download: 'mentions-acme-2026-11-25.csv', inDocument: true },
    ]);
    expect(document.querySelector('a')).toBeNull();

    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:export-1');
  });
});

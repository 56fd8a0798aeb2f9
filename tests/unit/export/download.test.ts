// @vitest-environment happy-dom
// Saving an export: the text as a Blob of its type behind a link with the file's name, clicked
// once, the link gone from the page at once and its URL revoked once the download has read it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText, REVOKE_AFTER_MS } from '@/lib/export/download';

afterEach(() => {
  vi.useRealTimers();
});

describe('downloadText', () => {
  it('clicks a download link to a Blob of the text, then revokes its URL', async () => {
    vi.useFakeTimers();
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

    downloadText('mentions-acme-2026-11-25.csv', '\uFEFFa,b\r\n', 'text/csv;charset=utf-8');

    expect(create).toHaveBeenCalledTimes(1);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    // UTF-8 with the byte-order mark first, as spreadsheets need it.
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('a,b\r\n');
    expect(clicked).toEqual([
      { href: 'blob:export-1', download: 'mentions-acme-2026-11-25.csv', inDocument: true },
    ]);
    expect(document.querySelector('a')).toBeNull();

    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(revoke).toHaveBeenCalledWith('blob:export-1');
  });
});

// The export buttons' work: the rows as CSV or JSON (lib/export/mention-export.ts), saved by the
// browser under a name that carries the project and the date. Saved the way every browser does it
// without a permission: a Blob behind a link with `download`, clicked from script. No `downloads`
// permission (which would warn at install) for what a link does.
import {
  exportFileName,
  mentionsCsv,
  mentionsJson,
  type ExportContext,
} from '@/lib/export/mention-export';
import type { StoredMention } from '@/lib/mentions/store';
import type { ExportFormat } from '@/entrypoints/mentions/ExportButtons';

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

/**
 * How long the file's URL outlives the click. The download reads the Blob after the click returns
 * (in Firefox, a URL revoked at once can save an empty or failed file); a minute is ample, and the
 * URL goes with the page anyway.
 */
const REVOKE_AFTER_MS = 60_000;

/** Offers `text` as a file named `fileName` (`mime` its type, with its charset for text). */
function downloadText(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Firefox follows only a link that is in the document.
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

export function exportMentions(
  format: ExportFormat,
  mentions: readonly StoredMention[],
  context: ExportContext & { filterProject: string | null },
): void {
  const text = format === 'csv' ? mentionsCsv(mentions, context) : mentionsJson(mentions, context);
  downloadText(exportFileName(format, context.filterProject, new Date()), text, MIME[format]);
}

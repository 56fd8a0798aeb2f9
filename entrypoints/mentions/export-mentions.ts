// The export buttons' work: the rows as CSV or JSON (lib/export/mention-export.ts), saved by the
// browser under a name that carries the project and the date.
import { downloadText } from '@/lib/export/download';
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

export function exportMentions(
  format: ExportFormat,
  mentions: readonly StoredMention[],
  context: ExportContext & { filterProject: string | null },
): void {
  const text = format === 'csv' ? mentionsCsv(mentions, context) : mentionsJson(mentions, context);
  downloadText(exportFileName(format, context.filterProject, new Date()), text, MIME[format]);
}

// Short reports (a refresh's result, a failed command) float over the bottom of the popup, so they
// never push the list. The live region is always present, so each new report is announced.

export interface Report {
  text: string;
  tone: 'info' | 'error';
}

export function StatusToast({ report }: { report: Report | null }) {
  return (
    <div class="toast-region" role="status">
      {report && <div class={`toast toast--${report.tone}`}>{report.text}</div>}
    </div>
  );
}

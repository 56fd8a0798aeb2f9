// The popup's one short report at a time (a refresh's result, a failed command), for StatusToast.
import { useEffect, useState } from 'preact/hooks';
import type { Report } from '@/components/Toasts';

/** How long a report stays on screen. */
const REPORT_MS = 8_000;

/** The report on screen and the function that shows another (or none). */
export function useReport(): [Report | null, (report: Report | null) => void] {
  const [report, setReport] = useState<Report | null>(null);
  // The report fades after a while; a newer one restarts the clock.
  useEffect(() => {
    if (report === null) return;
    const timer = setTimeout(() => setReport(null), REPORT_MS);
    return () => clearTimeout(timer);
  }, [report]);
  return [report, setReport];
}

// Where the metrics screens are (issue 17 §5): the drawer, the router and the screens that link to each
// other share these, so no feature needs another's files.

/** A clinic's activity: the current clinic's, or another's with `?clinicNpi=`. */
export const METRICS_PATH = '/metrics';
/** Every clinic's queue now, side by side (provider-company roles). */
export const METRICS_CLINICS_PATH = '/metrics/clinics';
/** The provider company's internal review queue: documents overdue or soon due. */
export const ESCALATION_QUEUE_PATH = '/metrics/escalations';
/**
 * The admin daily report: every clinic's day in one table, and its CSV. The morning e-mail links here
 * with `?date=` (the server's send-daily-report.ts), so the path must stay as it is.
 */
export const DAILY_REPORT_PATH = '/daily-report';

/** One clinic's metrics, whichever clinic is current. */
export function clinicMetricsPath(clinicNpi: string): string {
  return `${METRICS_PATH}?${new URLSearchParams({ clinicNpi }).toString()}`;
}

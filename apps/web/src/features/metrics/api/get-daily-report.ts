import type { DailyReport } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, apiRequestBlob } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const DAILY_REPORT_API_PATH = '/api/reports/admin/daily-report';

/** GET /api/reports/admin/daily-report?date=: every clinic's day (JSON). */
export function getDailyReport(date: string, options: { signal?: AbortSignal } = {}): Promise<DailyReport> {
  return apiClient.get<DailyReport>(DAILY_REPORT_API_PATH, { query: { date }, signal: options.signal });
}

export function useDailyReport(date: string) {
  return useQuery({
    queryKey: queryKeys.metrics.dailyReport(date),
    queryFn: ({ signal }) => getDailyReport(date, { signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** The same report as CSV (Accept: text/csv), the file the morning e-mail carries. */
export function getDailyReportCsv(date: string): Promise<Blob> {
  return apiRequestBlob(DAILY_REPORT_API_PATH, { query: { date }, headers: { Accept: 'text/csv' } });
}

/** Saves the day's CSV as daily-report-YYYY-MM-DD.csv. */
export async function downloadDailyReportCsv(date: string): Promise<void> {
  const blob = await getDailyReportCsv(date);
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `daily-report-${date}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

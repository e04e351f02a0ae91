// Metrics (issue 17 §3–4): a clinic's activity over time, the live ticker, the cross-clinic summary and the
// admin daily report, written once for the server and the web.
import { z } from 'zod';
import { defineResponseContract } from '../common/api-contract';
import { BACKLOG_BUCKETS } from './missed-transmissions';
import { REVIEW_CLASSES } from './review-deadlines';

export const METRICS_INTERVALS = ['day', 'week', 'month'] as const;
export type MetricsInterval = (typeof METRICS_INTERVALS)[number];

/** The longest range clinic-activity answers: two years, so a year is always comparable with the last. */
export const METRICS_MAX_RANGE_DAYS = 731;
/** Without `from`, clinic-activity looks back this many days (about a quarter). */
export const METRICS_DEFAULT_RANGE_DAYS = 90;

const isoDate = z.iso.date({ error: 'must be a date written YYYY-MM-DD' });
const npi = z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' });

export const clinicActivityQuerySchema = z
  .strictObject({
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    interval: z.enum(METRICS_INTERVALS, { error: 'must be day, week or month' }).default('week'),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to)
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
    if (query.from && query.to) {
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
      if (days >= METRICS_MAX_RANGE_DAYS)
        context.addIssue({
          code: 'custom',
          path: ['from'],
          message: `must be within ${METRICS_MAX_RANGE_DAYS} days of to`,
        });
    }
  });

export const activityCountsSchema = z.object({
  received: z.number().int(),
  signed: z.number().int(),
  acknowledged: z.number().int(),
  trashed: z.number().int(),
});
export type ActivityCounts = z.infer<typeof activityCountsSchema>;

export const activityPeriodSchema = activityCountsSchema.extend({
  /** The interval's first day (a Monday for weeks, the 1st for months), YYYY-MM-DD, in UTC. */
  start: z.string(),
  byServiceLine: z.array(activityCountsSchema.extend({ serviceLine: z.string() })),
  byType: z.array(activityCountsSchema.extend({ type: z.string(), serviceLine: z.string() })),
});
export type ActivityPeriod = z.infer<typeof activityPeriodSchema>;

export const clinicActivitySchema = z.object({
  clinicNpi: z.string(),
  clinicName: z.string(),
  from: z.string(),
  to: z.string(),
  interval: z.enum(METRICS_INTERVALS),
  /** Every interval in the range, empty ones included, oldest first. */
  periods: z.array(activityPeriodSchema),
  totals: activityCountsSchema,
  /**
   * Time from arrival to signature or acknowledgement, by alert level (routine: not an alert), over the
   * range. Median and 90th percentile in hours, estimated within the rolled-up time buckets; null for none.
   */
  timeToSign: z.array(
    z.object({
      level: z.enum(REVIEW_CLASSES),
      count: z.number().int(),
      medianHours: z.number().nullable(),
      p90Hours: z.number().nullable(),
    }),
  ),
  /** The unsigned documents now, by days since they arrived. */
  backlog: z.array(z.object({ bucket: z.enum(BACKLOG_BUCKETS), count: z.number().int() })),
  /**
   * The deadlines of the range: met, reviews before their due time; missed, reviews after it plus the
   * documents due in the range and still unsigned past it (overdueUnsigned, counted in missed too), so
   * an unsigned backlog never looks like deadlines met. metPercent is null when nothing counts.
   */
  deadlines: z.object({
    met: z.number().int(),
    missed: z.number().int(),
    overdueUnsigned: z.number().int(),
    metPercent: z.number().nullable(),
  }),
  /** Monitored patients whose transmission is overdue now, of those monitored. */
  overduePatients: z.object({ count: z.number().int(), monitoredCount: z.number().int() }),
});
export type ClinicActivity = z.infer<typeof clinicActivitySchema>;

export const tickerQuerySchema = z.strictObject({
  /** One clinic; without it, every clinic the user may read metrics of. */
  clinicNpi: z.optional(npi),
});

export const tickerCountsSchema = z.object({
  unsigned: z.number().int(),
  alerts: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  /** Unsigned and past their due time. */
  overdue: z.number().int(),
  /** Unsigned and due later today (UTC). */
  dueToday: z.number().int(),
});
export type TickerCounts = z.infer<typeof tickerCountsSchema>;

export const tickerSchema = tickerCountsSchema.extend({
  /** The clinic counted, or null when the counts cover every clinic the user may read. */
  clinicNpi: z.string().nullable(),
  asOf: z.string(),
});
export type Ticker = z.infer<typeof tickerSchema>;

export const clinicSummarySchema = tickerCountsSchema.extend({
  clinicNpi: z.string(),
  clinicName: z.string(),
  backlog: z.array(z.object({ bucket: z.enum(BACKLOG_BUCKETS), count: z.number().int() })),
});
export type ClinicSummary = z.infer<typeof clinicSummarySchema>;

/** GET /api/reports/metrics/clinics: every clinic the user may read metrics of, with its queue now. */
export const clinicSummaryListSchema = z.object({
  data: z.array(clinicSummarySchema),
  asOf: z.string(),
});
export type ClinicSummaryList = z.infer<typeof clinicSummaryListSchema>;

export const dailyReportQuerySchema = z.strictObject({
  /** The day reported (UTC); today when absent. */
  date: z.optional(
    isoDate.refine((day) => day <= new Date().toISOString().slice(0, 10), {
      error: 'must not be in the future',
    }),
  ),
});

export const dailyReportRowSchema = z.object({
  clinicNpi: z.string(),
  clinicName: z.string(),
  received: z.number().int(),
  signed: z.number().int(),
  acknowledged: z.number().int(),
  /** Unsigned documents past due when the day ended (now, for today); null when no morning run recorded it. */
  overdue: z.number().int().nullable(),
  /** Escalation steps taken that day. */
  escalations: z.number().int(),
  /** Patients overdue for a transmission at the day's end (now, for today); null as for overdue. */
  overduePatients: z.number().int().nullable(),
});
export type DailyReportRow = z.infer<typeof dailyReportRowSchema>;

export const dailyReportSchema = z.object({
  date: z.string(),
  /** When the figures were taken: now for today, the morning run for a past day. */
  generatedAt: z.string(),
  data: z.array(dailyReportRowSchema),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

/** The daily report's CSV columns, in order (its header row). */
export const DAILY_REPORT_CSV_COLUMNS = [
  'date',
  'clinicNpi',
  'clinicName',
  'received',
  'signed',
  'acknowledged',
  'overdue',
  'escalations',
  'overduePatients',
] as const;

/** The daily report with `Accept: text/csv`: a CSV file (RFC 4180), not JSON. */
export const dailyReportCsvSchema = z.string().describe('text/csv');

/** GET admin/daily-report answers the report as JSON, or as CSV when asked (Accept: text/csv). */
export const dailyReportAnswerSchema = z.union([dailyReportSchema, dailyReportCsvSchema]);

export const metricsResponseContracts = [
  /* @__PURE__ */ defineResponseContract(
    'GET',
    '/api/reports/metrics/clinic-activity/:npi',
    clinicActivitySchema,
  ),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/metrics/ticker', tickerSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/metrics/clinics', clinicSummaryListSchema),
  /* @__PURE__ */ defineResponseContract('GET', '/api/reports/admin/daily-report', dailyReportAnswerSchema),
] as const;

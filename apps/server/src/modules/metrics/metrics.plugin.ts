import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { startPollingWorker } from '../../db/polling-worker';
import type { Db } from '../../db/transaction';
import { maintainMetricsRollups } from './maintain-metrics-rollups';
import { dailyReportDay, sendDailyReport } from './send-daily-report';

const DAILY_REPORT_CHECK_MS = 60_000;

/**
 * The metrics' background work on every instance: folding the rolled-up counts every `compactMs`, and,
 * unless DAILY_REPORT=false, checking each minute whether the morning's daily report is due (it is sent
 * once per day across instances: sendDailyReport claims the day).
 */
const metrics: FastifyPluginAsync<{
  db: Db;
  dailyReport: boolean;
  dailyReportHourUtc: number;
  compactMs: number;
  publicUrl: string;
}> = async (app, { db, dailyReport, dailyReportHourUtc, compactMs, publicUrl }) => {
  const failed = (what: string) => (error: unknown) =>
    app.log.warn({ err: { type: (error as Error).name } }, `${what} failed; retrying`);
  const compactor = startPollingWorker({
    pollMs: compactMs,
    wakeDuringDrain: 'ignore',
    drain: async (stopping) => {
      if (!stopping.aborted) await maintainMetricsRollups(db).catch(failed('metrics compaction'));
    },
  });
  // Days this instance has seen reported (by itself or another): no query for them each minute.
  const reported = new Set<string>();
  const reporter = dailyReport
    ? startPollingWorker({
        pollMs: DAILY_REPORT_CHECK_MS,
        wakeDuringDrain: 'ignore',
        drain: async (stopping) => {
          const day = dailyReportDay(new Date(), dailyReportHourUtc);
          if (stopping.aborted || !day || reported.has(day)) return;
          try {
            const sent = await sendDailyReport(db, { day, publicUrl });
            reported.add(day);
            if (sent !== null) {
              app.log.info({ day, recipients: sent }, 'daily report sent');
              app.emailOutbox.wake();
            }
          } catch (error) {
            failed('daily report')(error);
          }
        },
      })
    : null;
  // A first look once the instance is ready, then every minute: a morning missed while every instance was
  // down is reported as one comes back (and instances started together race for the day: one wins).
  app.addHook('onReady', async () => reporter?.wake());
  app.addHook('preClose', async () => {
    await Promise.all([compactor.stop(), reporter?.stop()]);
  });
};

export const metricsPlugin = fp(metrics, { name: 'metrics' });

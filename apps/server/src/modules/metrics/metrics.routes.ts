import {
  clinicActivityQuerySchema,
  clinicActivitySchema,
  clinicSummaryListSchema,
  dailyReportAnswerSchema,
  dailyReportQuerySchema,
  tickerQuerySchema,
  tickerSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../auth/actor';
import type { Db } from '../../db/transaction';
import { errorResponses } from '../../http/schemas';
import { attachmentDisposition } from '../documents/content-disposition';
import { getClinicActivity } from './get-clinic-activity';
import { formatDailyReportCsv, getDailyReport } from './get-daily-report';
import { getTicker, listClinicSummaries } from './get-ticker';

const tags = ['metrics'];
const clinicParams = z.object({ npi: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NPI' }) });

/** Whether the client asked for CSV rather than JSON (Accept: text/csv). */
function wantsCsv(accept: string | undefined): boolean {
  return /\btext\/csv\b/i.test(accept ?? '');
}

/** Issue 17 §3–4: a clinic's activity, the ticker, the clinics' queues and the admin daily report. */
export const metricsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/reports/metrics/clinic-activity/:npi',
    {
      config: { permission: 'metrics:read' },
      schema: {
        tags,
        summary:
          "A clinic's documents received, signed, acknowledged and trashed per day, week or month, with time to sign, backlog by age, deadlines met and overdue patients",
        params: clinicParams,
        querystring: clinicActivityQuerySchema,
        response: { 200: clinicActivitySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const activity = await getClinicActivity(db, requireActor(request), {
        clinicNpi: request.params.npi,
        ...request.query,
      });
      return reply.header('Cache-Control', 'no-store').send(activity);
    },
  );

  app.get(
    '/api/reports/metrics/ticker',
    {
      config: { permission: 'metrics:read' },
      schema: {
        tags,
        summary:
          'Live counts for one clinic or every clinic the user may read: unsigned, alerts by level, overdue and due today',
        querystring: tickerQuerySchema,
        response: { 200: tickerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await getTicker(db, requireActor(request), request.query)),
  );

  app.get(
    '/api/reports/metrics/clinics',
    {
      config: { permission: 'metrics:read' },
      schema: {
        tags,
        summary:
          "Every clinic the user may read metrics of, with its queue now: the provider company's table",
        response: { 200: clinicSummaryListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await listClinicSummaries(db, requireActor(request))),
  );

  app.get(
    '/api/reports/admin/daily-report',
    {
      config: { permission: 'metrics:read-daily-report' },
      schema: {
        tags,
        summary:
          "For each clinic, the day's received, signed, acknowledged, overdue, escalations and overdue patients (JSON, or CSV with Accept: text/csv)",
        querystring: dailyReportQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: {
          200: dailyReportAnswerSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const report = await getDailyReport(db, requireActor(request), request.query);
      reply.header('Cache-Control', 'no-store').header('Vary', 'Accept');
      if (!wantsCsv(request.headers.accept)) return reply.send(report);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('Content-Disposition', attachmentDisposition(`daily-report-${report.date}.csv`))
        .send(formatDailyReportCsv(report));
    },
  );
};

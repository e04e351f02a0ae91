import {
  type ClinicActivity,
  computeNpiCheckDigit,
  DAY_MS,
  type DailyReport,
  HOUR_MS,
  type Ticker,
  utcDayOf,
} from '@portal/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDocument, insertPatient, OWN_CLINIC_NPI } from '../../test-support/fixtures';
import { signedInPortal } from '../../test-support/signed-in-portal';
import { maintainMetricsRollups } from './maintain-metrics-rollups';
import { dailyReportDay, sendDailyReport } from './send-daily-report';

// Issue 17 §3–4 on both engines: the metrics figures against counted fixtures in a clinic of their own,
// the rolled-up counts kept in the transactions that change documents (folded or not), the ticker, the
// overdue-patient rule, and the daily report in JSON and CSV, sent once per day across instances.

const CLINIC = `470000001${computeNpiCheckDigit('470000001')}`;
const CLINIC_NAME = '=Metrics, Heart Clinic';

describe('metrics', () => {
  const portal = signedInPortal(['irhReporting', 'irhAdmin', 'provider', 'deviceTech']);
  const now = new Date();
  const ids: Record<string, string> = {};

  /** A document of the clinic that arrived at `receivedAt` and is due `windowHours` later. */
  async function arrived(
    name: string,
    options: {
      receivedAt: Date;
      windowHours: number;
      alert?: 'high' | 'medium' | 'low';
      serviceLine?: string;
    },
  ) {
    const row = await insertDocument(portal.db, portal.storage, {
      clinicNpi: CLINIC,
      type: options.alert ? 'crm-alert' : 'implicity-90-day-remote-report',
      serviceLine: options.serviceLine ?? 'crm',
      alert: options.alert ?? null,
    });
    await sql`UPDATE documents SET created_at = ${options.receivedAt},
      due_at = ${new Date(options.receivedAt.getTime() + options.windowHours * HOUR_MS)} WHERE id = ${row.id}`.execute(
      portal.db,
    );
    ids[name] = row.id;
    return row.id;
  }
  const review = (name: string, status: 'signed' | 'acknowledged', at: Date) =>
    sql`UPDATE documents SET status = ${status}, signed_at = ${at} WHERE id = ${ids[name]}`.execute(
      portal.db,
    );

  const activity = async (query: string) => {
    const response = await portal.as.irhReporting.get(
      `/api/reports/metrics/clinic-activity/${CLINIC}?${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ClinicActivity;
  };
  const ticker = async (query = `clinicNpi=${CLINIC}`) => {
    const response = await portal.as.irhReporting.get(`/api/reports/metrics/ticker?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Ticker;
  };

  beforeAll(async () => {
    await portal.db
      .insertInto('organizations')
      .values({ npi: CLINIC, code: 'MET', name: CLINIC_NAME })
      .execute();
    // Week of Monday 2 March 2026: a high alert signed in 2 h (met), one signed after 48 h (missed), a
    // medium alert acknowledged in 30 min (met). The next week: a report trashed the day after it came.
    await arrived('fastHigh', {
      receivedAt: new Date('2026-03-02T10:00:00Z'),
      windowHours: 24,
      alert: 'high',
    });
    await review('fastHigh', 'signed', new Date('2026-03-02T12:00:00Z'));
    await arrived('slowHigh', {
      receivedAt: new Date('2026-03-03T10:00:00Z'),
      windowHours: 24,
      alert: 'high',
    });
    await review('slowHigh', 'signed', new Date('2026-03-05T10:00:00Z'));
    await arrived('medium', {
      receivedAt: new Date('2026-03-04T10:00:00Z'),
      windowHours: 72,
      alert: 'medium',
    });
    await review('medium', 'acknowledged', new Date('2026-03-04T10:30:00Z'));
    await arrived('trashed', {
      receivedAt: new Date('2026-03-09T08:00:00Z'),
      windowHours: 336,
      serviceLine: 'rpm',
    });
    await sql`UPDATE documents SET deleted_at = '2026-03-10T09:00:00Z' WHERE id = ${ids.trashed}`.execute(
      portal.db,
    );
    // Still waiting now: a report from March (over 30 days, overdue), a low alert from 10 days ago
    // (overdue), and a high alert from an hour ago, due in a minute.
    await arrived('oldReport', { receivedAt: new Date('2026-03-10T08:00:00Z'), windowHours: 336 });
    await arrived('lowAlert', {
      receivedAt: new Date(now.getTime() - 10 * DAY_MS),
      windowHours: 168,
      alert: 'low',
    });
    await arrived('newHigh', {
      receivedAt: new Date(now.getTime() - HOUR_MS),
      windowHours: 1 + 1 / 60,
      alert: 'high',
    });
    // An escalation taken on 2 March.
    await sql`INSERT INTO document_escalations (document_id, step, clinic_npi, fired_at)
      VALUES (${ids.slowHigh}, 'due', ${CLINIC}, '2026-03-04T10:00:00Z')`.execute(portal.db);
    await sql`INSERT INTO document_escalations (document_id, step, clinic_npi, fired_at)
      VALUES (${ids.fastHigh}, 'half-time', ${CLINIC}, '2026-03-02T11:59:00Z')`.execute(portal.db);

    // Patients: an ICD that never transmitted, monitored for 200 days (overdue: 91 + 7 days); a loop
    // recorder that transmitted 10 days ago (not: 31 + 7); a patient with no device expected to transmit.
    const icd = await insertPatient(portal.db, { clinicNpi: CLINIC, deviceInfo: { deviceType: 'ICD' } });
    await sql`UPDATE patients SET created_at = ${new Date(now.getTime() - 200 * DAY_MS)} WHERE id = ${icd.id}`.execute(
      portal.db,
    );
    const ilr = await insertPatient(portal.db, { clinicNpi: CLINIC, deviceInfo: { deviceType: 'ILR' } });
    await sql`UPDATE patients SET created_at = ${new Date(now.getTime() - 200 * DAY_MS)} WHERE id = ${ilr.id}`.execute(
      portal.db,
    );
    await sql`INSERT INTO device_sessions (clinic_npi, patient_ref, device_type, kind, source, session_date)
      VALUES (${CLINIC}, ${ilr.id}, 'ILR', 'remote', 'test', ${new Date(now.getTime() - 10 * DAY_MS)})`.execute(
      portal.db,
    );
    await insertPatient(portal.db, { clinicNpi: CLINIC, deviceInfo: null });
  });

  it("counts a clinic's activity per week, by service line and type, with time to sign, backlog, deadlines and overdue patients", async () => {
    const figures = await activity('from=2026-03-01&to=2026-03-15&interval=week');
    expect(figures.clinicName).toBe(CLINIC_NAME);
    expect(figures.periods.map((period) => period.start)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
    const [before, first, second] = figures.periods;
    expect(before).toMatchObject({ received: 0, signed: 0, acknowledged: 0, trashed: 0 });
    expect(first).toMatchObject({ received: 3, signed: 2, acknowledged: 1, trashed: 0 });
    expect(first?.byType).toEqual([
      { type: 'crm-alert', serviceLine: 'crm', received: 3, signed: 2, acknowledged: 1, trashed: 0 },
    ]);
    expect(second).toMatchObject({ received: 2, signed: 0, acknowledged: 0, trashed: 1 });
    expect(second?.byServiceLine).toEqual(
      expect.arrayContaining([
        { serviceLine: 'rpm', received: 1, signed: 0, acknowledged: 0, trashed: 1 },
        { serviceLine: 'crm', received: 1, signed: 0, acknowledged: 0, trashed: 0 },
      ]),
    );
    expect(figures.totals).toEqual({ received: 5, signed: 2, acknowledged: 1, trashed: 1 });
    // High: 2 h and 48 h, estimated within their buckets (120–240 min and 48–72 h); medium: 30 min (30–60).
    expect(figures.timeToSign).toEqual([
      { level: 'high', count: 2, medianHours: 4, p90Hours: 67.2 },
      { level: 'medium', count: 1, medianHours: 0.75, p90Hours: 0.95 },
      { level: 'low', count: 0, medianHours: null, p90Hours: null },
      { level: 'routine', count: 0, medianHours: null, p90Hours: null },
    ]);
    expect(figures.deadlines).toEqual({ met: 2, missed: 1, overdueUnsigned: 0, metPercent: 66.7 });
    expect(figures.backlog).toEqual([
      { bucket: '0-1', count: 1 },
      { bucket: '2-7', count: 0 },
      { bucket: '8-30', count: 1 },
      { bucket: '31+', count: 1 },
    ]);
    expect(figures.overduePatients).toEqual({ count: 1, monitoredCount: 2 });

    const byDay = await activity('from=2026-03-02&to=2026-03-03&interval=day');
    expect(byDay.periods.map((period) => [period.start, period.received, period.signed])).toEqual([
      ['2026-03-02', 1, 1],
      ['2026-03-03', 1, 0],
    ]);
    const byMonth = await activity('from=2026-03-01&to=2026-03-31&interval=month');
    expect(byMonth.periods).toHaveLength(1);
    expect(byMonth.periods[0]).toMatchObject({ start: '2026-03-01', received: 5, trashed: 1 });
  });

  it('counts a document due in the range and still unsigned past its due time as a deadline missed', async () => {
    // The report that arrived on 10 March was due on the 24th and is still unsigned: in a range holding
    // the 24th, it is the one deadline, and it was missed. No review fell in that range.
    const late = await activity('from=2026-03-16&to=2026-03-31&interval=week');
    expect(late.deadlines).toEqual({ met: 0, missed: 1, overdueUnsigned: 1, metPercent: 0 });
    // A range that ends the day before its due date does not count it.
    const before = await activity('from=2026-03-16&to=2026-03-23&interval=week');
    expect(before.deadlines).toEqual({ met: 0, missed: 0, overdueUnsigned: 0, metPercent: null });
  });

  it('answers the same figures once the rolled-up rows are folded, and folds only what changed', async () => {
    const before = await activity('from=2026-03-01&to=2026-03-15&interval=week');
    const tickerBefore = await ticker();
    expect((await maintainMetricsRollups(portal.db)).folded).toBeGreaterThan(0);
    const unfolded = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM document_daily_counts WHERE NOT compacted`.execute(portal.db);
    expect(unfolded.rows[0]?.count).toBe(0);
    expect(await activity('from=2026-03-01&to=2026-03-15&interval=week')).toEqual(before);
    expect({ ...(await ticker()), asOf: '' }).toEqual({ ...tickerBefore, asOf: '' });
    // Nothing new: nothing to mark or fold.
    expect(await maintainMetricsRollups(portal.db)).toEqual({ marked: 0, folded: 0 });
  });

  it('counts the queue live: unsigned, alerts by level, overdue and due today', async () => {
    const counts = await ticker();
    expect(counts).toMatchObject({ clinicNpi: CLINIC, unsigned: 3, alerts: { high: 1, medium: 0, low: 1 } });
    // The March report and the low alert are past due; the new high alert is due in a minute, today
    // unless that minute crosses midnight (UTC).
    const newHighDue = new Date(now.getTime() + 60_000);
    const dueLaterToday = utcDayOf(newHighDue) === utcDayOf(new Date()) ? 1 : 0;
    expect(counts.overdue).toBe(2 + (newHighDue <= new Date() ? 1 : 0));
    expect(counts.dueToday).toBe(newHighDue <= new Date() ? 0 : dueLaterToday);

    // The ticker's overdue link: the inbox filtered to the overdue documents lists the same ones.
    const listed = await portal.as.irhReporting.get(
      `/api/reports?filter[clinicNpi]=${CLINIC}&filter[status]=unsigned&filter[overdue]=true&page[limit]=50`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const overdueIds = (listed.json() as { data: { id: string }[] }).data.map((row) => row.id);
    expect(overdueIds).toEqual(expect.arrayContaining([ids.oldReport, ids.lowAlert]));
    expect(overdueIds).toHaveLength((await ticker()).overdue);

    // Every clinic, for the provider company: at least this clinic's counts.
    const all = await ticker('');
    expect(all.clinicNpi).toBeNull();
    expect(all.unsigned).toBeGreaterThanOrEqual(3);
    const summaries = await portal.as.irhReporting.get('/api/reports/metrics/clinics');
    expect(summaries.statusCode).toBe(200);
    const row = (summaries.json() as { data: { clinicNpi: string }[] }).data.find(
      (candidate) => candidate.clinicNpi === CLINIC,
    );
    expect(row).toMatchObject({ unsigned: 3, alerts: { high: 1, low: 1 }, overdue: counts.overdue });
  });

  it('counts a document overdue the moment its due time passes, before and after the worker marks it', async () => {
    const before = await ticker();
    await arrived('dueNow', { receivedAt: new Date(), windowHours: 0.5 / 3600, alert: 'low' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const unmarked = await ticker();
    expect(unmarked.overdue).toBe(before.overdue + 1);
    const pass = await maintainMetricsRollups(portal.db);
    expect(pass.marked).toBeGreaterThanOrEqual(1);
    const pastDue = await sql<{
      pastDue: boolean;
    }>`SELECT past_due FROM documents WHERE id = ${ids.dueNow}`.execute(portal.db);
    expect(pastDue.rows[0]?.pastDue).toBe(true);
    expect((await ticker()).overdue).toBe(before.overdue + 1);
    // Signed, it is neither unsigned nor overdue any more.
    await review('dueNow', 'signed', new Date());
    expect(await ticker()).toMatchObject({ overdue: before.overdue, unsigned: before.unsigned });
  });

  it('changes the counts in the transaction that signs, and not when it rolls back', async () => {
    const extra = await arrived('toSign', { receivedAt: new Date(), windowHours: 24, alert: 'medium' });
    expect((await ticker()).alerts.medium).toBe(1);
    // A change that rolls back leaves no trace in the counts.
    await portal.db
      .transaction()
      .execute(async (tx) => {
        await sql`UPDATE documents SET status = 'signed', signed_at = now() WHERE id = ${extra}`.execute(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await ticker()).alerts.medium).toBe(1);

    // Moved to the demo clinic, it is counted there; the provider signs it there through the API.
    const ownBefore = await ticker(`clinicNpi=${OWN_CLINIC_NPI}`);
    const ownActivity = `from=${utcDayOf(new Date())}&interval=day`;
    const signedBefore = await portal.as.irhReporting.get(
      `/api/reports/metrics/clinic-activity/${OWN_CLINIC_NPI}?${ownActivity}`,
    );
    await sql`UPDATE documents SET clinic_npi = ${OWN_CLINIC_NPI} WHERE id = ${extra}`.execute(portal.db);
    expect((await ticker()).alerts.medium).toBe(0);
    expect((await ticker(`clinicNpi=${OWN_CLINIC_NPI}`)).alerts.medium).toBe(ownBefore.alerts.medium + 1);
    const signed = await portal.as.provider.patch(`/api/reports/${extra}/sign`, { note: 'Reviewed.' });
    expect(signed.statusCode, signed.body).toBe(200);
    const ownAfter = await ticker(`clinicNpi=${OWN_CLINIC_NPI}`);
    expect(ownAfter.alerts.medium).toBe(ownBefore.alerts.medium);
    expect(ownAfter.unsigned).toBe(ownBefore.unsigned);
    const signedAfter = await portal.as.irhReporting.get(
      `/api/reports/metrics/clinic-activity/${OWN_CLINIC_NPI}?${ownActivity}`,
    );
    expect((signedAfter.json() as ClinicActivity).totals.signed).toBe(
      (signedBefore.json() as ClinicActivity).totals.signed + 1,
    );
  });

  it('keeps clinic users to their clinics (404 elsewhere) and refuses roles without metrics', async () => {
    const ownClinic = await portal.as.provider.get(`/api/reports/metrics/clinic-activity/${OWN_CLINIC_NPI}`);
    expect(ownClinic.statusCode).toBe(200);
    expect((await portal.as.provider.get(`/api/reports/metrics/clinic-activity/${CLINIC}`)).statusCode).toBe(
      404,
    );
    expect((await portal.as.provider.get(`/api/reports/metrics/ticker?clinicNpi=${CLINIC}`)).statusCode).toBe(
      404,
    );
    const providerClinics = await portal.as.provider.get('/api/reports/metrics/clinics');
    expect(
      (providerClinics.json() as { data: { clinicNpi: string }[] }).data.map((row) => row.clinicNpi),
    ).toEqual([OWN_CLINIC_NPI]);
    expect((await portal.as.deviceTech.get('/api/reports/metrics/ticker')).statusCode).toBe(403);
    expect((await portal.as.provider.get('/api/reports/admin/daily-report')).statusCode).toBe(403);
  });

  it('refuses bad ranges, naming the field', async () => {
    const backwards = await portal.as.irhReporting.get(
      `/api/reports/metrics/clinic-activity/${CLINIC}?from=2026-03-10&to=2026-03-01`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('from');
    const tooLong = await portal.as.irhReporting.get(
      `/api/reports/metrics/clinic-activity/${CLINIC}?from=2020-01-01&to=2026-03-01`,
    );
    expect(tooLong.statusCode).toBe(400);
    const interval = await portal.as.irhReporting.get(
      `/api/reports/metrics/clinic-activity/${CLINIC}?interval=year`,
    );
    expect(interval.statusCode).toBe(400);
    expect(interval.body).toContain('interval');
    const future = await portal.as.irhReporting.get('/api/reports/admin/daily-report?date=2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('date');
  });

  describe('the daily report', () => {
    const report = async (date: string) => {
      const response = await portal.as.irhReporting.get(`/api/reports/admin/daily-report?date=${date}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as DailyReport;
      return body.data.find((row) => row.clinicNpi === CLINIC);
    };

    it("gives each clinic's day in JSON: counts, escalations, and overdue figures once a morning run recorded them", async () => {
      expect(await report('2026-03-02')).toEqual({
        clinicNpi: CLINIC,
        clinicName: CLINIC_NAME,
        received: 1,
        signed: 1,
        acknowledged: 0,
        overdue: null,
        escalations: 1,
        overduePatients: null,
      });
      expect(await report('2026-03-04')).toMatchObject({ received: 1, acknowledged: 1, escalations: 1 });
      // Today: overdue figures now.
      const today = await report(utcDayOf(new Date()));
      expect(today?.overduePatients).toBe(1);
      expect(today?.overdue).toBeGreaterThanOrEqual(2);
    });

    it('is sent each morning once across instances to the provider-company admins who asked for it', async () => {
      expect(dailyReportDay(new Date('2026-03-03T05:59:00Z'), 6)).toBeNull();
      expect(dailyReportDay(new Date('2026-03-03T06:00:00Z'), 6)).toBe('2026-03-02');
      const optIn = await portal.as.irhAdmin.patch('/api/notifications/preferences/in-app', {
        enableDailyAdminReport: true,
      });
      expect(optIn.statusCode, optIn.body).toBe(200);
      expect(optIn.json().inAppPreferences.enableDailyAdminReport).toBe(true);
      // A provider who asks is not a provider-company admin: no e-mail.
      await portal.as.provider.patch('/api/notifications/preferences/in-app', {
        enableDailyAdminReport: true,
      });

      // The run records the overdue figures as it finds them (the day has just ended when it runs).
      const overdueNow = (await ticker()).overdue;
      const runs = await Promise.all([
        sendDailyReport(portal.db, { day: '2026-03-02', publicUrl: 'https://portal.test' }),
        sendDailyReport(portal.db, { day: '2026-03-02', publicUrl: 'https://portal.test' }),
      ]);
      expect(runs.filter((run) => run !== null)).toEqual([1]);
      const emails = await portal.db
        .selectFrom('emailOutbox')
        .select(['toAddress', 'subject', 'body'])
        .where('kind', '=', 'daily-report')
        .execute();
      expect(emails.map((email) => [email.toAddress, email.subject])).toEqual([
        ['irhadmin@example.org', 'Daily report for 2026-03-02'],
      ]);
      expect(emails[0]?.body).toContain('https://portal.test/daily-report?date=2026-03-02');
      expect(emails[0]?.body).toContain(CLINIC_NAME);
      expect(await report('2026-03-02')).toMatchObject({ overdue: overdueNow, overduePatients: 1 });
    });

    it('answers CSV with Accept: text/csv, safe from spreadsheet formulas', async () => {
      const response = await portal.as.irhReporting.inject({
        method: 'GET',
        url: '/api/reports/admin/daily-report?date=2026-03-02',
        headers: { accept: 'text/csv' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toContain('daily-report-2026-03-02.csv');
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'date,clinicNpi,clinicName,received,signed,acknowledged,overdue,escalations,overduePatients',
      );
      const recorded = (await report('2026-03-02'))?.overdue;
      expect(lines).toContain(`2026-03-02,${CLINIC},"'=Metrics, Heart Clinic",1,1,0,${recorded},1,1`);
    });
  });
});

import { addDays, type DailyReport, utcDayOf } from '@portal/domain';
import { type Db, inTransaction } from '../../db/transaction';
import { enqueueEmails } from '../notifications/email-outbox.repository';
import { claimReminderRun, recordReminderRunCount } from '../notifications/reminders.repository';
import { findDailyReportRecipients } from './daily-report-recipients.repository';
import { buildDailyReport, countOverdueNow } from './get-daily-report';
import { findClinicsInScope, saveSnapshots } from './metrics.repository';

/** The clinics listed by name in the e-mail, most overdue first; the screen and the CSV have them all. */
const EMAIL_CLINIC_LINES = 25;

/**
 * The day a morning run reports once its hour (UTC) has come: yesterday. Null before the hour. A day is
 * reported once, so a server that was down at the hour still reports when it comes back that day.
 */
export function dailyReportDay(now: Date, hourUtc: number): string | null {
  if (now.getUTCHours() < hourUtc) return null;
  return addDays(utcDayOf(now), -1);
}

function formatEmail(report: DailyReport, link: string): string {
  const total = (pick: (row: DailyReport['data'][number]) => number | null) =>
    report.data.reduce((sum, row) => sum + (pick(row) ?? 0), 0);
  const worst = [...report.data]
    .sort((a, b) => (b.overdue ?? 0) - (a.overdue ?? 0) || a.clinicName.localeCompare(b.clinicName))
    .slice(0, EMAIL_CLINIC_LINES);
  return [
    `Daily report for ${report.date} (UTC), ${report.data.length} clinics.`,
    '',
    `Received ${total((row) => row.received)}, signed ${total((row) => row.signed)}, acknowledged ${total((row) => row.acknowledged)}.`,
    `Overdue for review: ${total((row) => row.overdue)}. Escalations: ${total((row) => row.escalations)}. Patients overdue for a transmission: ${total((row) => row.overduePatients)}.`,
    '',
    `Clinics with the most overdue documents:`,
    ...worst.map(
      (row) =>
        `- ${row.clinicName} (${row.clinicNpi}): ${row.overdue ?? 0} overdue, ${row.received} received, ${row.signed} signed, ${row.overduePatients ?? 0} patients overdue`,
    ),
    '',
    `The whole report, with CSV: ${link}`,
    '',
    'You can turn this e-mail off under Notifications → Preferences.',
  ].join('\n');
}

/**
 * The morning run: records each clinic's overdue documents and patients as the reported day ends, and
 * e-mails the report to the provider-company admins who asked for it. The run claims its day first (the
 * reminder runs' table, kind 'daily-report'), so across instances each day is reported once. Returns how
 * many admins were e-mailed, or null when another run had the day.
 */
export async function sendDailyReport(
  db: Db,
  options: { day: string; publicUrl: string },
  now: Date = new Date(),
): Promise<number | null> {
  return inTransaction(db, async (tx) => {
    if (!(await claimReminderRun(tx, { kind: 'daily-report', period: options.day }))) return null;
    const clinics = await findClinicsInScope(tx, 'all');
    const overdue = await countOverdueNow(tx, clinics, now);
    await saveSnapshots(
      tx,
      options.day,
      [...overdue].map(([clinicNpi, counts]) => ({ clinicNpi, ...counts })),
    );
    const report = await buildDailyReport(tx, 'all', options.day, now);
    const recipients = await findDailyReportRecipients(tx);
    const body = formatEmail(report, `${options.publicUrl}/daily-report?date=${options.day}`);
    await enqueueEmails(
      tx,
      recipients.map((recipient) => ({
        to: recipient.email,
        kind: 'daily-report',
        subject: `Daily report for ${options.day}`,
        body,
      })),
    );
    await recordReminderRunCount(tx, {
      kind: 'daily-report',
      period: options.day,
      notified: recipients.length,
    });
    return recipients.length;
  });
}

import { type AbpmReading, summarizeAbpmReadings } from '@portal/domain';
import { buildReportPdf, type ReportLine } from '../vendor-common/report-pdf';
import { seededRandom } from '../vendor-common/seeded-random';

// An ABPM session's cuff readings (VENDOR_PROTOCOLS.md, "Biobeat ABPM"): every 20 minutes by day and every
// 30 minutes by night, the period by the patient's day and night start, over the session's hours up to its
// end. The pressures are plausible and the same every time for the same session id; the patient's times
// carry a fixed UTC offset.

export const DAY_INTERVAL_MINUTES = 20;
export const NIGHT_INTERVAL_MINUTES = 30;
const MINUTES_PER_DAY = 24 * 60;
const MINUTE_MS = 60_000;

export type AbpmSchedule = {
  sessionId: string;
  durationHours: number;
  /** HH:MM, the patient's local time. */
  dayStart: string;
  nightStart: string;
  /** The session's last moment; readings run back `durationHours` from it. */
  endsAt: Date;
  /** The patient's local time offset, e.g. -300 for UTC−05:00. */
  utcOffsetMinutes: number;
};

function minutesOf(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}

function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(value)));

export function generateAbpmReadings(schedule: AbpmSchedule): AbpmReading[] {
  const random = seededRandom(`biobeat:${schedule.sessionId}`);
  const day = {
    systolic: random.integer(112, 152),
    diastolic: random.integer(68, 94),
    heartRate: random.integer(64, 90),
  };
  const dipPercent = random.between(-6, 26);
  const night = {
    systolic: day.systolic * (1 - dipPercent / 100),
    diastolic: day.diastolic * (1 - (dipPercent * 0.8) / 100),
    heartRate: day.heartRate - random.integer(6, 14),
  };
  const noise = (spread: number) => (random.next() + random.next() + random.next() - 1.5) * spread;

  const dayStart = minutesOf(schedule.dayStart);
  const nightStart = minutesOf(schedule.nightStart);
  const isDay = (minute: number) =>
    dayStart < nightStart
      ? minute >= dayStart && minute < nightStart
      : minute >= dayStart || minute < nightStart;
  const offsetMs = schedule.utcOffsetMinutes * MINUTE_MS;
  const end = schedule.endsAt.getTime();
  const readings: AbpmReading[] = [];
  // The readings of (start, end]: a 24-hour session from 09:00 has 63, the last at 09:00 the next day.
  for (
    let at = Math.floor((end - schedule.durationHours * 3_600_000) / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    at <= end;
    at += MINUTE_MS
  ) {
    const local = new Date(at + offsetMs);
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    const period = isDay(minute) ? 'day' : 'night';
    const interval = period === 'day' ? DAY_INTERVAL_MINUTES : NIGHT_INTERVAL_MINUTES;
    const sinceStart =
      (minute - (period === 'day' ? dayStart : nightStart) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
    if (sinceStart % interval !== 0) continue;
    const base = period === 'day' ? day : night;
    const systolic = clamp(base.systolic + noise(24), 70, 260);
    readings.push({
      at: `${local.toISOString().slice(0, 19)}${offsetText(schedule.utcOffsetMinutes)}`,
      period,
      systolic,
      diastolic: clamp(Math.min(base.diastolic + noise(16), systolic - 20), 30, 160),
      heartRate: random.chance(0.04) ? null : clamp(base.heartRate + noise(16), 35, 200),
    });
  }
  return readings;
}

export type AbpmReportSession = {
  sessionId: string;
  externalId: string;
  patient: { mrn: string; firstName: string; lastName: string; dob: string; gender: string };
  durationHours: number;
  dayStart: string;
  nightStart: string;
  completedAt: string;
  readings: readonly AbpmReading[];
};

export function buildAbpmReport(session: AbpmReportSession): Promise<Uint8Array> {
  const summary = summarizeAbpmReadings(session.readings);
  const mean = (period: 'day' | 'night' | '24h') => {
    const each = summary.periods[period];
    return each.mean
      ? `${each.mean.systolic}/${each.mean.diastolic} mmHg (${each.readingCount} readings, ` +
          `${each.aboveThresholdCount} above limit)`
      : 'no readings';
  };
  const readingLines: ReportLine[] = session.readings.map((reading) => ({
    label: `${reading.at.slice(0, 16).replace('T', ' ')}  ${reading.period}`,
    value: `${reading.systolic}/${reading.diastolic} mmHg  ${reading.heartRate ?? '--'} bpm`,
  }));
  return buildReportPdf({
    title: 'Ambulatory Blood Pressure Report',
    vendor: 'Biobeat BB-613WP ABPM (simulated)',
    createdAt: new Date(session.completedAt),
    parts: [
      [
        {
          heading: 'Session',
          lines: [
            { label: 'Session ID', value: session.sessionId },
            { label: 'External ID', value: session.externalId },
            { label: 'Duration (hours)', value: String(session.durationHours) },
            { label: 'Day / night start', value: `${session.dayStart} / ${session.nightStart}` },
            { label: 'Completed', value: session.completedAt },
          ],
        },
        {
          heading: 'Patient',
          lines: [
            { label: 'Name', value: `${session.patient.lastName}, ${session.patient.firstName}` },
            { label: 'MRN', value: session.patient.mrn },
            { label: 'Date of birth', value: session.patient.dob },
          ],
        },
        {
          heading: 'Summary',
          lines: [
            { label: 'Day mean', value: mean('day') },
            { label: 'Night mean', value: mean('night') },
            { label: '24-hour mean', value: mean('24h') },
            {
              label: 'Nocturnal dipping',
              value: summary.dipping
                ? `${summary.dipping.percent}% (${summary.dipping.category})`
                : 'not available',
            },
          ],
        },
      ],
      [{ heading: 'Readings', lines: readingLines }],
    ],
  });
}

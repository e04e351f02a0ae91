import { DAY_MS } from './review-deadlines';

// Missed transmissions (issue 17 §2): how often each kind of device is expected to transmit, and when a
// patient whose last session is older than that, plus a grace period, is overdue.

export type TransmissionScheduleKey = 'CIED' | 'ILR' | 'RPM';

/** CIED remote every 91 days, loop recorders every 31, RPM daily. */
export const DEFAULT_TRANSMISSION_SCHEDULE_DAYS: Readonly<Record<TransmissionScheduleKey, number>> = {
  CIED: 91,
  ILR: 31,
  RPM: 1,
};
export const DEFAULT_TRANSMISSION_GRACE_DAYS = 7;

/** The schedule a device type follows: pacemakers, ICDs and CRT devices are CIEDs. */
export function transmissionScheduleOf(deviceType: string): TransmissionScheduleKey | null {
  if (deviceType === 'ILR') return 'ILR';
  if (deviceType === 'RPM') return 'RPM';
  if (['PM', 'ICD', 'CRT-P', 'CRT-D'].includes(deviceType)) return 'CIED';
  return null;
}

/** HL7 CardX-CIED's connectivity states of a patient's remote monitoring. */
export const CONNECTIVITY_STATES = ['connected', 'disconnected', 'not-applicable'] as const;
export type ConnectivityState = (typeof CONNECTIVITY_STATES)[number];

/**
 * How many whole days a patient's next transmission is overdue (after the grace period), or 0 when it is
 * not. A patient who never transmitted is counted from `since` (when monitoring began).
 */
export function daysOverdue(
  options: {
    lastTransmissionAt: Date | null;
    since: Date;
    scheduleDays: number;
    graceDays?: number;
  },
  now: Date,
): number {
  const from = options.lastTransmissionAt ?? options.since;
  const allowedMs = (options.scheduleDays + (options.graceDays ?? DEFAULT_TRANSMISSION_GRACE_DAYS)) * DAY_MS;
  const late = now.getTime() - from.getTime() - allowedMs;
  return late > 0 ? Math.ceil(late / DAY_MS) : 0;
}

/** The backlog's age buckets (issue 17 §3): 0–1, 2–7, 8–30 and over 30 days. */
export const BACKLOG_BUCKETS = ['0-1', '2-7', '8-30', '31+'] as const;
export type BacklogBucket = (typeof BACKLOG_BUCKETS)[number];

export function backlogBucketOf(ageDays: number): BacklogBucket {
  if (ageDays <= 1) return '0-1';
  if (ageDays <= 7) return '2-7';
  if (ageDays <= 30) return '8-30';
  return '31+';
}

/** The p-th percentile (0–100) of some durations, by the nearest-rank method; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? null;
}

type SettingsMap = Record<string, { enabled: boolean; value?: unknown } | undefined>;

const SCHEDULE_SETTINGS: Record<TransmissionScheduleKey, string> = {
  CIED: 'transmissionScheduleCiedDays',
  ILR: 'transmissionScheduleIlrDays',
  RPM: 'transmissionScheduleRpmDays',
};

/** A clinic's transmission schedules (days) and grace, from its merged settings, defaults where unset. */
export function transmissionRulesOf(settings: SettingsMap): {
  scheduleDays: Record<TransmissionScheduleKey, number>;
  graceDays: number;
} {
  const number = (name: string, fallback: number, min: number) => {
    const setting = settings[name];
    return setting?.enabled !== false && typeof setting?.value === 'number' && setting.value >= min
      ? setting.value
      : fallback;
  };
  return {
    scheduleDays: {
      CIED: number(SCHEDULE_SETTINGS.CIED, DEFAULT_TRANSMISSION_SCHEDULE_DAYS.CIED, 1),
      ILR: number(SCHEDULE_SETTINGS.ILR, DEFAULT_TRANSMISSION_SCHEDULE_DAYS.ILR, 1),
      RPM: number(SCHEDULE_SETTINGS.RPM, DEFAULT_TRANSMISSION_SCHEDULE_DAYS.RPM, 1),
    },
    graceDays: number('transmissionGraceDays', DEFAULT_TRANSMISSION_GRACE_DAYS, 0),
  };
}

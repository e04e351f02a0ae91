import type { AlertLevel } from '../reports/alert-levels';

// Review deadlines (issue 17 §1): how long a document may wait for its review, by alert level, and the
// escalation steps along the way. Pure: the server computes due times at ingest and the escalation worker
// asks which step a document has reached; the web shows "due in" and "overdue by".

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** What a document's deadline depends on: its alert level, or none for a routine report. */
export type ReviewClass = AlertLevel | 'routine';
export const REVIEW_CLASSES = ['high', 'medium', 'low', 'routine'] as const satisfies readonly ReviewClass[];

/** The defaults a clinic's settings override: high 24 h, medium 3 days, low 7 days, routine 14 days. */
export const DEFAULT_REVIEW_WINDOWS_HOURS: Readonly<Record<ReviewClass, number>> = {
  high: 24,
  medium: 72,
  low: 168,
  routine: 336,
};

export function reviewClassOf(document: { alert: string | null }): ReviewClass {
  return document.alert === 'high' || document.alert === 'medium' || document.alert === 'low'
    ? document.alert
    : 'routine';
}

/**
 * Working hours a deadline may count instead of the clock: the days of the week (0 Sunday … 6 Saturday)
 * and the hours of the day, in the clinic's local time given as a fixed offset from UTC.
 */
export type BusinessHours = {
  days: readonly number[];
  startHour: number;
  endHour: number;
  utcOffsetMinutes: number;
};

export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  days: [1, 2, 3, 4, 5],
  startHour: 8,
  endHour: 17,
  utcOffsetMinutes: 0,
};

/**
 * The moment `durationMs` after `from`: on the clock, or counting only business hours when given (time
 * outside them does not count; a document received at night starts counting when the clinic opens).
 */
export function addReviewTime(from: Date, durationMs: number, businessHours?: BusinessHours | null): Date {
  if (!businessHours) return new Date(from.getTime() + durationMs);
  const { days, startHour, endHour, utcOffsetMinutes } = businessHours;
  if (days.length === 0 || endHour <= startHour)
    throw new RangeError('Business hours must be a non-empty range');
  const offsetMs = utcOffsetMinutes * 60_000;
  // Walk day by day in the clinic's local time, taking each working day's open span.
  let local = from.getTime() + offsetMs;
  let left = durationMs;
  for (let guard = 0; guard < 3660; guard++) {
    const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    const open = dayStart + startHour * HOUR_MS;
    const close = dayStart + endHour * HOUR_MS;
    if (days.includes(weekday) && local < close) {
      const start = Math.max(local, open);
      const available = close - start;
      if (left <= available) return new Date(start + left - offsetMs);
      left -= available;
    }
    local = dayStart + DAY_MS;
  }
  throw new RangeError('A review window longer than ten years');
}

/** The escalation steps (issue 17 §1), in order. */
export const ESCALATION_STEPS = ['half-time', 'due', 'twice-due'] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/** When each step is reached: at half the window (the assignee), at the due time, at twice the window. */
export function escalationTimes(
  receivedAt: Date,
  windowMs: number,
  businessHours?: BusinessHours | null,
): Record<EscalationStep, Date> {
  return {
    'half-time': addReviewTime(receivedAt, windowMs / 2, businessHours),
    due: addReviewTime(receivedAt, windowMs, businessHours),
    'twice-due': addReviewTime(receivedAt, windowMs * 2, businessHours),
  };
}

/** The last step reached at `now`, or null before half-time. */
export function escalationStepAt(times: Record<EscalationStep, Date>, now: Date): EscalationStep | null {
  let reached: EscalationStep | null = null;
  for (const step of ESCALATION_STEPS) if (times[step].getTime() <= now.getTime()) reached = step;
  return reached;
}

/** "due in 3 h", "due in 2 d", "overdue by 40 min": the most significant unit, rounded down. */
export function formatDueStatus(dueAt: Date, now: Date): { overdue: boolean; text: string } {
  const difference = dueAt.getTime() - now.getTime();
  const overdue = difference < 0;
  const span = Math.abs(difference);
  const amount =
    span >= DAY_MS
      ? `${Math.floor(span / DAY_MS)} d`
      : span >= HOUR_MS
        ? `${Math.floor(span / HOUR_MS)} h`
        : `${Math.max(1, Math.floor(span / 60_000))} min`;
  return { overdue, text: overdue ? `overdue by ${amount}` : `due in ${amount}` };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The 'working hours' setting: `Mon-Fri 08:00-17:00 UTC-05:00` (days as a range or a comma list, whole
 * hours, the clinic's offset from UTC). Null when it cannot be read: the clock counts instead.
 */
export function parseBusinessHours(text: string): BusinessHours | null {
  const match = /^\s*([A-Za-z,-]+)\s+(\d{1,2}):00\s*-\s*(\d{1,2}):00\s+UTC([+-])(\d{2}):(\d{2})\s*$/.exec(
    text,
  );
  if (!match) return null;
  const [, dayText = '', start = '', end = '', sign, offsetHours = '', offsetMinutes = ''] = match;
  const dayIndex = (name: string) => WEEKDAYS.findIndex((day) => day.toLowerCase() === name.toLowerCase());
  const days = new Set<number>();
  for (const part of dayText.split(',')) {
    const [from, to] = part.split('-');
    const first = dayIndex(from ?? '');
    const last = to === undefined ? first : dayIndex(to);
    if (first < 0 || last < 0) return null;
    for (let day = first; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === last) break;
    }
  }
  const startHour = Number(start);
  const endHour = Number(end);
  if (startHour >= endHour || endHour > 24) return null;
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '-' ? -1 : 1);
  return { days: [...days].sort(), startHour, endHour, utcOffsetMinutes: offset };
}

type SettingsMap = Record<string, { enabled: boolean; value?: unknown } | undefined>;

const WINDOW_SETTINGS: Record<ReviewClass, string> = {
  high: 'reviewWindowHighHours',
  medium: 'reviewWindowMediumHours',
  low: 'reviewWindowLowHours',
  routine: 'reviewWindowRoutineHours',
};

/** A clinic's review windows (ms) and working hours, from its merged settings, defaults where unset. */
export function reviewRulesOf(settings: SettingsMap): {
  windowsMs: Record<ReviewClass, number>;
  businessHours: BusinessHours | null;
} {
  const windowsMs = Object.fromEntries(
    REVIEW_CLASSES.map((reviewClass) => {
      const setting = settings[WINDOW_SETTINGS[reviewClass]];
      const hours =
        setting?.enabled !== false && typeof setting?.value === 'number' && setting.value > 0
          ? setting.value
          : DEFAULT_REVIEW_WINDOWS_HOURS[reviewClass];
      return [reviewClass, hours * HOUR_MS];
    }),
  ) as Record<ReviewClass, number>;
  const working = settings.reviewBusinessHours;
  const businessHours =
    working?.enabled === true && typeof working.value === 'string' ? parseBusinessHours(working.value) : null;
  return { windowsMs, businessHours };
}

/** A document's due time and escalation times, from its clinic's settings, counted from its arrival. */
export function documentDeadlinesOf(
  settings: SettingsMap,
  document: { alert: string | null },
  receivedAt: Date,
): { dueAt: Date; halfDueAt: Date; twiceDueAt: Date } {
  const rules = reviewRulesOf(settings);
  const times = escalationTimes(receivedAt, rules.windowsMs[reviewClassOf(document)], rules.businessHours);
  return { dueAt: times.due, halfDueAt: times['half-time'], twiceDueAt: times['twice-due'] };
}

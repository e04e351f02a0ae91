// Time and retry constants of SPEC §9.

/** Inactivity before the idle notice appears: 20 minutes. */
export const IDLE_TIMEOUT_MS = 1_200_000;
/** The idle notice counts down this long before logging out. */
export const IDLE_WARNING_COUNTDOWN_SECONDS = 300;
/** Debounce applied to user actions. */
export const ACTION_DEBOUNCE_MS = 500;

/** First retry delay; each later delay doubles. */
export const RETRY_INITIAL_DELAY_MS = 1000;
/** Clinic-users and device-catalog fetches try up to this many times. */
export const RETRY_MAX_RETRIES = 10;

/** Cache entries expire after 10 minutes. */
export const CACHE_TTL_MS = 600_000;
/** The notification connection logs a heartbeat every 5 minutes. */
export const NOTIFICATION_HEARTBEAT_INTERVAL_MS = 300_000;

/** The sign-all loop fetches pages of this size, ordered by date of service. */
export const SIGN_ALL_PAGE_SIZE = 50;
/** Pause between sign-all batches. */
export const SIGN_ALL_PAUSE_MS = 1000;
/** Reporting a problem waits this long between marking the system error and adding the comment. */
export const PROBLEM_REPORT_DELAY_MS = 2000;

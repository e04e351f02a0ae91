import { type LogLevel, parseLogLevel, shouldLog } from './constants';

/** localStorage key holding the client log level, so support can raise it in a user's browser. */
export const LOG_LEVEL_STORAGE_KEY = 'logLevel';

/** Areas named in SPEC §2, plus 'app' for cross-cutting plumbing (API errors, routing). */
export const LOG_AREAS = [
  'app',
  'login',
  'in-person-device-check',
  'barcode-scanner',
  'barcode-scanner-test',
  'notifications',
  'pdf-scraping',
  'signature',
] as const;
export type LogArea = (typeof LOG_AREAS)[number];

export type Logger = Record<LogLevel, (...args: unknown[]) => void>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Access can throw (blocked storage, sandboxed frames): logging must never break the app.
    return undefined;
  }
}

export function getLogLevel(): LogLevel {
  // A missing or corrupt value gives the default ('error'), so errors are never silenced by accident.
  return parseLogLevel(storage()?.getItem(LOG_LEVEL_STORAGE_KEY));
}

export function setLogLevel(level: LogLevel): void {
  storage()?.setItem(LOG_LEVEL_STORAGE_KEY, level);
}

const consoleMethod: Record<LogLevel, 'debug' | 'info' | 'warn' | 'error'> = {
  debug: 'debug',
  info: 'info',
  warn: 'warn',
  error: 'error',
  fatal: 'error',
};

/**
 * A logger for one area. The level is read on every call, so changing localStorage takes effect
 * without a reload. Never pass PHI (patient names, dates of birth…) to it.
 */
export function createLogger(area: LogArea): Logger {
  const log =
    (level: LogLevel) =>
    (...args: unknown[]): void => {
      if (!shouldLog(level, getLogLevel())) return;
      console[consoleMethod[level]](`[${level}] [${area}]`, ...args);
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    fatal: log('fatal'),
  };
}

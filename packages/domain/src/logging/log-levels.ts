import { z } from 'zod';

/** Log levels and their severities (SPEC §9). */
export const LOG_LEVELS = { debug: 1, info: 2, warn: 3, error: 4, fatal: 5 } as const;
export const LOG_LEVEL_NAMES = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export const logLevelSchema = z.enum(LOG_LEVEL_NAMES);
export type LogLevel = z.infer<typeof logLevelSchema>;

/** The threshold when none is stored. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'error';

/**
 * Reads a stored or configured level: a name (any case) or its number 1–5, as a number or a string.
 * Anything else gives the default level, so a corrupt stored value never silences errors.
 */
export function parseLogLevel(value: unknown): LogLevel {
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    // A plain lookup, not logLevelSchema: the web app uses this, and its bundle leaves zod out.
    if ((LOG_LEVEL_NAMES as readonly string[]).includes(text)) return text as LogLevel;
    if (/^\d+$/.test(text)) return parseLogLevel(Number(text));
  }
  if (typeof value === 'number') {
    const byNumber = LOG_LEVEL_NAMES.find((name) => LOG_LEVELS[name] === value);
    if (byNumber) return byNumber;
  }
  return DEFAULT_LOG_LEVEL;
}

/** A message is logged when its level is at least as severe as the threshold. */
export function shouldLog(level: LogLevel, threshold: LogLevel): boolean {
  return LOG_LEVELS[level] >= LOG_LEVELS[threshold];
}

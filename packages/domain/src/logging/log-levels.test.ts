import { describe, expect, it } from 'vitest';
import { DEFAULT_LOG_LEVEL, type LogLevel, parseLogLevel, shouldLog } from './log-levels';

describe('parseLogLevel', () => {
  it.each([
    ['a name', 'warn', 'warn'],
    ['a name in capitals with spaces', ' DEBUG ', 'debug'],
    ['a number', 5, 'fatal'],
    ['a number stored as text', '2', 'info'],
    ['an unknown name', 'verbose', 'error'],
    ['an out-of-range number', 9, 'error'],
    ['nothing stored', null, 'error'],
    ['an empty string', '', 'error'],
  ])('reads %s', (_story, stored, level) => {
    expect(parseLogLevel(stored)).toBe(level);
  });

  it('defaults to error, as SPEC §9 says', () => {
    expect(DEFAULT_LOG_LEVEL).toBe('error');
  });
});

describe('shouldLog', () => {
  it.each<[LogLevel, LogLevel, boolean]>([
    ['error', 'error', true],
    ['fatal', 'error', true],
    ['warn', 'error', false],
    ['debug', 'debug', true],
    ['info', 'warn', false],
    ['warn', 'info', true],
  ])('a %s message with threshold %s is logged: %s', (level, threshold, expected) => {
    expect(shouldLog(level, threshold)).toBe(expected);
  });
});

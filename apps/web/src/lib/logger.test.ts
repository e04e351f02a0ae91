// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger, getLogLevel, LOG_LEVEL_STORAGE_KEY, setLogLevel } from './logger';

describe('client logger', () => {
  beforeEach(() => {
    localStorage.clear();
    for (const method of ['debug', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation(() => {});
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('defaults to error when nothing is stored', () => {
    expect(getLogLevel()).toBe('error');
  });

  it('keeps the level in localStorage under logLevel', () => {
    setLogLevel('debug');
    expect(localStorage.getItem(LOG_LEVEL_STORAGE_KEY)).toBe('debug');
    expect(getLogLevel()).toBe('debug');
  });

  it('falls back to error when the stored value is not a level', () => {
    localStorage.setItem('logLevel', 'verbose');
    expect(getLogLevel()).toBe('error');
    localStorage.setItem('logLevel', 'toString');
    expect(getLogLevel()).toBe('error');
  });

  it('at the default level only error and fatal reach the console, tagged with the area', () => {
    const log = createLogger('signature');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e', 42);
    log.fatal('f');
    expect(console.debug).not.toHaveBeenCalled();
    expect(console.info).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenNthCalledWith(1, '[error] [signature]', 'e', 42);
    expect(console.error).toHaveBeenNthCalledWith(2, '[fatal] [signature]', 'f');
  });

  it('orders the levels debug 1 < info 2 < warn 3 < error 4 < fatal 5', () => {
    const log = createLogger('notifications');
    setLogLevel('warn');
    log.info('hidden');
    log.warn('shown');
    expect(console.info).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith('[warn] [notifications]', 'shown');

    setLogLevel('fatal');
    log.error('hidden');
    expect(console.error).not.toHaveBeenCalled();
    log.fatal('shown');
    expect(console.error).toHaveBeenCalledWith('[fatal] [notifications]', 'shown');
  });

  it('picks up a level changed after the logger was created, without a reload', () => {
    const log = createLogger('login');
    log.debug('before');
    localStorage.setItem('logLevel', 'debug');
    log.debug('after');
    expect(console.debug).toHaveBeenCalledTimes(1);
    expect(console.debug).toHaveBeenCalledWith('[debug] [login]', 'after');
  });
});

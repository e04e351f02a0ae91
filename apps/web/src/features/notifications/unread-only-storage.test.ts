// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readUnreadOnly, UNREAD_ONLY_STORAGE_KEY, writeUnreadOnly } from './unread-only-storage';

describe('the stored unread-only toggle', () => {
  afterEach(() => localStorage.clear());

  it('is on until the user switches it, and remembers the choice', () => {
    expect(readUnreadOnly()).toBe(true);
    writeUnreadOnly(false);
    expect(readUnreadOnly()).toBe(false);
    writeUnreadOnly(true);
    expect(readUnreadOnly()).toBe(true);
  });

  it('a corrupt value counts as the default', () => {
    localStorage.setItem(UNREAD_ONLY_STORAGE_KEY, 'maybe');
    expect(readUnreadOnly()).toBe(true);
  });
});

// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseBooleanPreference, readLocalPreference, useLocalPreference } from './local-preference';

describe('a preference kept in this browser', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('starts at its default, is remembered, and reaches every reader of the same key at once', () => {
    const first = renderHook(() => useLocalPreference('inbox.autoAdvance', true, parseBooleanPreference));
    const second = renderHook(() => useLocalPreference('inbox.autoAdvance', true, parseBooleanPreference));
    expect(first.result.current[0]).toBe(true);
    act(() => first.result.current[1](false));
    expect(readLocalPreference('inbox.autoAdvance')).toBe('false');
    expect(first.result.current[0]).toBe(false);
    expect(second.result.current[0]).toBe(false);
  });

  it('a stored value that is not one falls back to the default', () => {
    localStorage.setItem('inbox.autoAdvance', 'maybe');
    const { result } = renderHook(() =>
      useLocalPreference('inbox.autoAdvance', true, parseBooleanPreference),
    );
    expect(result.current[0]).toBe(true);
  });
});

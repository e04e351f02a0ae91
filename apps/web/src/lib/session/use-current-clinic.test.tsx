// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AllowedClinic } from '../user-resource';
import { CURRENT_CLINIC_STORAGE_KEY } from './current-clinic-storage';
import { useCurrentClinic } from './use-current-clinic';

const aspen: AllowedClinic = {
  id: 'c-aspen',
  npi: '1209945553',
  code: 'AHC',
  name: 'Aspen Hollow Cardiology',
};
const bayside: AllowedClinic = {
  id: 'c-bayside',
  npi: '1234567893',
  code: 'BHC',
  name: 'Bayside Heart Center',
};
const riverbend: AllowedClinic = {
  id: 'c-riverbend',
  npi: '1655154049',
  code: 'RBHA',
  name: 'Riverbend Heart Associates',
};

function render(allowed: AllowedClinic[]) {
  return renderHook(({ clinics }) => useCurrentClinic(clinics), { initialProps: { clinics: allowed } });
}

describe('the current clinic (SPEC §4), kept in local storage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('starts on the first allowed clinic and stores it', () => {
    const { result } = render([aspen, bayside]);
    expect(result.current.currentClinic).toEqual(aspen);
    expect(localStorage.getItem(CURRENT_CLINIC_STORAGE_KEY)).toBe(aspen.npi);
  });

  it('keeps the stored clinic across a reload when it is still allowed', () => {
    localStorage.setItem(CURRENT_CLINIC_STORAGE_KEY, bayside.npi);
    const { result } = render([aspen, bayside]);
    expect(result.current.currentClinic).toEqual(bayside);
  });

  it('picks the first allowed clinic when the stored one is not allowed (another user, a lost role)', () => {
    localStorage.setItem(CURRENT_CLINIC_STORAGE_KEY, riverbend.npi);
    const { result } = render([aspen, bayside]);
    expect(result.current.currentClinic).toEqual(aspen);
    expect(localStorage.getItem(CURRENT_CLINIC_STORAGE_KEY)).toBe(aspen.npi);
  });

  it('switches to an allowed clinic, and the choice survives a reload', () => {
    const first = render([aspen, bayside]);
    act(() => first.result.current.selectClinic(bayside.npi));
    expect(first.result.current.currentClinic).toEqual(bayside);
    first.unmount();

    const reloaded = render([aspen, bayside]);
    expect(reloaded.result.current.currentClinic).toEqual(bayside);
  });

  it('refuses to switch to a clinic outside the list', () => {
    const { result } = render([aspen, bayside]);
    act(() => result.current.selectClinic(riverbend.npi));
    expect(result.current.currentClinic).toEqual(aspen);
    expect(localStorage.getItem(CURRENT_CLINIC_STORAGE_KEY)).toBe(aspen.npi);
  });

  it('follows the list when it changes (a role taken away while signed in)', () => {
    localStorage.setItem(CURRENT_CLINIC_STORAGE_KEY, bayside.npi);
    const hook = render([aspen, bayside]);
    expect(hook.result.current.currentClinic).toEqual(bayside);
    hook.rerender({ clinics: [aspen] });
    expect(hook.result.current.currentClinic).toEqual(aspen);
  });

  it('has no clinic for a user whose roles open none, and stores nothing', () => {
    const { result } = render([]);
    expect(result.current.currentClinic).toBeUndefined();
    expect(localStorage.getItem(CURRENT_CLINIC_STORAGE_KEY)).toBeNull();
  });
});

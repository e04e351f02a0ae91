import { describe, expect, it } from 'vitest';
import {
  BILLING_WINDOW_30,
  BILLING_WINDOW_90,
  billingWindowOf,
  billingWindowStatus,
  monitoringPeriodOf,
} from './billing-windows';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('billing windows', () => {
  it('93298 bills every 30 days, 93294–93296 every 90; without codes the device decides', () => {
    expect(billingWindowOf(['93298'], 'ICD')).toBe(BILLING_WINDOW_30);
    expect(billingWindowOf(['93295', '93296'], 'ILR')).toBe(BILLING_WINDOW_90);
    expect(billingWindowOf([], 'ILR')).toBe(BILLING_WINDOW_30);
    expect(billingWindowOf([], null)).toBe(BILLING_WINDOW_90);
  });

  it('the monitoring period is the clinical dates, else the window before the dos', () => {
    const dos = day('2026-11-02');
    expect(
      monitoringPeriodOf(
        { dos, clinicalStart: day('2026-08-01'), clinicalEnd: day('2026-10-30') },
        BILLING_WINDOW_90,
      ),
    ).toEqual({
      start: day('2026-08-01'),
      end: day('2026-10-30'),
    });
    expect(monitoringPeriodOf({ dos, clinicalStart: null, clinicalEnd: null }, BILLING_WINDOW_30)).toEqual({
      start: day('2026-10-03'),
      end: dos,
    });
  });

  it('the window has closed once its days have passed since the last billed period, or when none is on record', () => {
    const dos = day('2026-11-02');
    expect(billingWindowStatus(dos, BILLING_WINDOW_90, null)).toMatchObject({
      closed: true,
      daysSince: null,
    });
    expect(
      billingWindowStatus(dos, BILLING_WINDOW_90, { dos: day('2026-08-04'), clinicalEnd: null }),
    ).toMatchObject({
      closed: true,
      daysSince: 90,
    });
    expect(
      billingWindowStatus(dos, BILLING_WINDOW_90, { dos: day('2026-08-01'), clinicalEnd: day('2026-08-10') }),
    ).toMatchObject({
      closed: false,
      daysSince: 84,
    });
    expect(
      billingWindowStatus(dos, BILLING_WINDOW_30, { dos: day('2026-10-10'), clinicalEnd: null }).closed,
    ).toBe(false);
  });
});

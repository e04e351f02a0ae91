import type { TransmissionStatus } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { transmissionText } from './overview-sections';

const status = (overrides: Partial<TransmissionStatus>): TransmissionStatus => ({
  patientId: 'p1',
  patientMrn: 'MRN-1',
  patientName: 'Doe, Jane',
  deviceType: 'PM',
  connectivity: null,
  lastTransmissionAt: '2026-08-01T10:00:00.000Z',
  scheduleDays: 91,
  overdueFrom: '2026-11-07T10:00:00.000Z',
  daysOverdue: 0,
  ...overrides,
});

describe("the device section's last transmission (issue 17 §2)", () => {
  it.each([
    [status({}), '08/01/2026 · next expected by 11/07/2026'],
    [status({ daysOverdue: 12 }), '08/01/2026 · overdue by 12 days'],
    [status({ daysOverdue: 1 }), '08/01/2026 · overdue by 1 day'],
    [status({ lastTransmissionAt: null, daysOverdue: 3 }), 'None received · overdue by 3 days'],
    [null, ''],
  ])('%j reads %j', (value, text) => {
    expect(transmissionText(value)).toBe(text);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient } from '../../lib/api-client';
import { lookUpNotificationDocument } from './api/get-notification-document';
import { describeNotificationDocument } from './notification-document';

const attributes = {
  type: 'implicity-90-day-remote-report',
  dos: '2026-03-05T14:07:09.000Z',
  patientFirstName: 'Jane',
  patientLastName: 'Doe',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a notification's document", () => {
  it('is shown as the inbox lists it: last name, first name; the type label; the date of service', () => {
    const shown = describeNotificationDocument(attributes);
    expect(shown.patient).toBe('Doe, Jane');
    expect(shown.typeLabel).toBe('90 Day');
    expect(shown.dos).toMatch(/^03\/0[45]\/2026$/);
  });

  it('never shows an internal type name when it knows the label, and says so when the patient has no name', () => {
    expect(describeNotificationDocument({ ...attributes, type: 'crm-alert' }).typeLabel).toBe('Alert');
    expect(
      describeNotificationDocument({ ...attributes, patientFirstName: null, patientLastName: ' ' }).patient,
    ).toBe('Unnamed patient');
  });

  it('is looked up with GET /api/reports/:id (SPEC §7)', async () => {
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({ id: 'd1', attributes });
    const found = await lookUpNotificationDocument('d1');
    expect(get).toHaveBeenCalledWith('/api/reports/d1', expect.anything());
    expect(found).toEqual({ state: 'found', document: describeNotificationDocument(attributes) });
  });

  it("is 'not found' when the server answers 404, and any other failure stays a failure", async () => {
    vi.spyOn(apiClient, 'get').mockRejectedValueOnce(
      new ApiError({ statusCode: 404, reason: 'Not Found', message: 'Document not found' }),
    );
    expect(await lookUpNotificationDocument('gone')).toEqual({ state: 'not-found' });
    const failure = new ApiError({ statusCode: 503, reason: 'Service Unavailable', message: 'down' });
    vi.spyOn(apiClient, 'get').mockRejectedValueOnce(failure);
    await expect(lookUpNotificationDocument('d1')).rejects.toBe(failure);
  });
});

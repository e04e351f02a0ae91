import { STUDY_TYPES } from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeVendor, fakeVendorSettings, startFakeVendor } from '../../test-support/fake-vendor';
import { VendorRejectedError, VendorResponseError } from '../vendor-http/vendor-errors';
import {
  createInfoBionicClient,
  INFOBIONIC_STUDY_TYPES,
  type InfoBionicEnrollmentRequest,
} from './infobionic-client';

// The InfoBionic client against a fake InfoBionic on a real socket: the enrollment it sends is exactly
// VENDOR_PROTOCOLS.md's, with the portal's study type in InfoBionic's words.

let infoBionic: FakeVendor;

beforeEach(async () => {
  infoBionic = await startFakeVendor();
});
afterEach(() => infoBionic.close());

function client() {
  return createInfoBionicClient({
    ...fakeVendorSettings(infoBionic),
    timeoutMs: 1000,
    retry: { retries: 3, initialDelayMs: 5 },
  });
}

const enrollment: InfoBionicEnrollmentRequest = {
  referenceId: '7d4c2f0a-3b1e-4c8d-9a6f-2e5b8c1d0f93',
  clinicNpi: '1234567893',
  studyType: 'Ext Holter',
  durationDays: 7,
  patient: {
    mrn: 'P900102',
    firstName: 'Theodore',
    lastName: 'Ashcombe',
    dob: '1951-11-02',
    gender: 'male',
    phone: null,
  },
  orderingPhysician: { npi: '1679576722', name: 'Dr. Amara Okafor' },
};

describe('the study types', () => {
  it('has InfoBionic’s name for every study type the portal orders', () => {
    expect(STUDY_TYPES.map((type) => INFOBIONIC_STUDY_TYPES[type])).toEqual([
      'HOLTER',
      'EXTENDED_HOLTER',
      'EVENT',
      'MCT',
    ]);
  });
});

describe('enrolling a patient', () => {
  it('posts the documented enrollment, with its idempotency key, and reads the answer', async () => {
    infoBionic.handle(() => ({
      status: 201,
      json: { enrollmentId: 'IB-5001', referenceId: enrollment.referenceId, status: 'enrolled' },
    }));
    const enrolled = await client().enroll(enrollment, {
      idempotencyKey: `infobionic-push:${enrollment.referenceId}`,
    });
    expect(enrolled).toEqual({ enrollmentId: 'IB-5001', status: 'enrolled' });
    expect(infoBionic.calls).toHaveLength(1);
    const [call] = infoBionic.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/v2/enrollments' });
    expect(call?.headers['idempotency-key']).toBe(`infobionic-push:${enrollment.referenceId}`);
    expect(call?.json).toEqual({
      referenceId: enrollment.referenceId,
      clinicNpi: '1234567893',
      studyType: 'EXTENDED_HOLTER',
      durationDays: 7,
      patient: {
        mrn: 'P900102',
        firstName: 'Theodore',
        lastName: 'Ashcombe',
        dob: '1951-11-02',
        gender: 'male',
        phone: null,
      },
      orderingPhysician: { npi: '1679576722', name: 'Dr. Amara Okafor' },
    });
  });

  it('sends MCT as MCT', async () => {
    infoBionic.handle(() => ({
      status: 201,
      json: { enrollmentId: 'IB-5002', referenceId: enrollment.referenceId, status: 'enrolled' },
    }));
    await client().enroll({ ...enrollment, studyType: 'MCT' }, { idempotencyKey: 'k' });
    expect(infoBionic.calls[0]?.json).toMatchObject({ studyType: 'MCT' });
  });

  it('passes on a refusal without retrying', async () => {
    infoBionic.handle(() => ({ status: 400, json: { error: 'invalid_clinic_npi' } }));
    const failure = client().enroll(enrollment, { idempotencyKey: 'k' });
    await expect(failure).rejects.toThrow(VendorRejectedError);
    await expect(failure).rejects.toMatchObject({
      code: 'invalid_clinic_npi',
      message: 'InfoBionic refused the request (HTTP 400: invalid_clinic_npi).',
    });
    expect(infoBionic.calls).toHaveLength(1);
  });
});

describe('reading and cancelling an enrollment', () => {
  it('reads an enrollment', async () => {
    infoBionic.handle(() => ({
      status: 200,
      json: { enrollmentId: 'IB-5001', referenceId: enrollment.referenceId, status: 'monitoring' },
    }));
    expect(await client().getEnrollment('IB-5001')).toEqual({
      enrollmentId: 'IB-5001',
      referenceId: enrollment.referenceId,
      status: 'monitoring',
    });
    expect(infoBionic.calls[0]).toMatchObject({ method: 'GET', path: '/v2/enrollments/IB-5001' });
  });

  it('says which enrollment InfoBionic does not know', async () => {
    infoBionic.handle(() => ({ status: 404, json: { error: 'enrollment_not_found' } }));
    await expect(client().getEnrollment('IB-404')).rejects.toMatchObject({
      status: 404,
      message: 'InfoBionic does not know enrollment IB-404.',
    });
  });

  it('refuses a status the protocol does not have', async () => {
    infoBionic.handle(() => ({
      status: 200,
      json: { enrollmentId: 'IB-5001', referenceId: enrollment.referenceId, status: 'paused' },
    }));
    await expect(client().getEnrollment('IB-5001')).rejects.toThrow(VendorResponseError);
  });

  it('posts the cancel with its idempotency key, and gives the cancelled enrollment', async () => {
    infoBionic.handle(() => ({
      status: 200,
      json: { enrollmentId: 'IB-5001', referenceId: enrollment.referenceId, status: 'cancelled' },
    }));
    const cancelled = await client().cancelEnrollment('IB-5001', {
      idempotencyKey: 'infobionic-cancel:IB-5001',
    });
    expect(cancelled.status).toBe('cancelled');
    expect(infoBionic.calls[0]).toMatchObject({ method: 'POST', path: '/v2/enrollments/IB-5001/cancel' });
    expect(infoBionic.calls[0]?.headers['idempotency-key']).toBe('infobionic-cancel:IB-5001');
  });
});

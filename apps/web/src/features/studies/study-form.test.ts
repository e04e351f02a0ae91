import { describe, expect, it } from 'vitest';
import { PHYSICIAN_NPI } from '../../test-support/studies';
import {
  emptyAbpmOrder,
  emptySleepOrder,
  emptyWcdOrder,
  toAbpmStudyBody,
  toSleepProfileBody,
  toSleepStudyBody,
  toWcdStudyBody,
  validateAbpmOrder,
  validateSleepOrder,
  validateSleepProfile,
  validateWcdOrder,
} from './study-form';

const physician = { npi: PHYSICIAN_NPI, name: 'Dr. Nina Okafor' };

describe('the sleep profile form', () => {
  it('needs every measure Zoll scores the test with; notes may stay empty', () => {
    expect(
      validateSleepProfile({
        heightCm: '',
        weightKg: ' ',
        neckCircumferenceCm: '',
        epworthScore: '',
        notes: '',
      }),
    ).toEqual({
      heightCm: 'Enter the height.',
      weightKg: 'Enter the weight.',
      neckCircumferenceCm: 'Enter the neck circumference.',
      epworthScore: 'Enter the Epworth score.',
    });
  });

  it('takes numbers as numbers, and an empty note as none', () => {
    const values = {
      heightCm: '172.5',
      weightKg: '80',
      neckCircumferenceCm: '41',
      epworthScore: '11',
      notes: ' snores ',
    };
    expect(validateSleepProfile(values)).toEqual({});
    expect(toSleepProfileBody(values)).toEqual({
      heightCm: 172.5,
      weightKg: 80,
      neckCircumferenceCm: 41,
      epworthScore: 11,
      notes: 'snores',
    });
  });

  it('names each measure out of its range, and an Epworth score that is not a whole number from 0 to 24', () => {
    const errors = validateSleepProfile({
      heightCm: '30',
      weightKg: 'heavy',
      neckCircumferenceCm: '81',
      epworthScore: '25',
      notes: '',
    });
    expect(errors).toEqual({
      heightCm: 'Height must be from 40 to 260 cm.',
      weightKg: 'Weight must be from 2 to 400 kg.',
      neckCircumferenceCm: 'Neck circumference must be from 15 to 80 cm.',
      epworthScore: 'Epworth score must be a whole number from 0 to 24.',
    });
    expect(
      validateSleepProfile({
        heightCm: '180',
        weightKg: '80',
        neckCircumferenceCm: '40',
        epworthScore: '7.5',
        notes: '',
      }),
    ).toEqual({ epworthScore: 'Epworth score must be a whole number from 0 to 24.' });
  });
});

describe('the order forms', () => {
  it('need the ordering physician, by a valid NPI and a name', () => {
    expect(validateWcdOrder(emptyWcdOrder())).toMatchObject({
      orderingPhysicianNpi: 'Enter the ordering physician NPI.',
      orderingPhysicianName: 'Enter the ordering physician name.',
    });
    expect(validateAbpmOrder({ ...emptyAbpmOrder(physician), orderingPhysicianNpi: '1234567890' })).toEqual({
      orderingPhysicianNpi: 'Ordering physician NPI must be a valid 10-digit NPI.',
    });
    expect(validateSleepOrder(emptySleepOrder(physician))).toEqual({});
  });

  it('keep nights to 1–3, days to 1–30 and hours to 24 or 48', () => {
    expect(validateSleepOrder({ ...emptySleepOrder(physician), nights: '4' })).toEqual({
      nights: 'Nights must be from 1 to 3.',
    });
    expect(validateWcdOrder({ ...emptyWcdOrder(physician), durationDays: '31' })).toEqual({
      durationDays: 'Days must be from 1 to 30.',
    });
    expect(validateWcdOrder({ ...emptyWcdOrder(physician), durationDays: '2.5' })).toHaveProperty(
      'durationDays',
    );
    expect(validateAbpmOrder({ ...emptyAbpmOrder(physician), durationHours: '36' })).toEqual({
      durationHours: 'Choose 24 or 48 hours.',
    });
  });

  it('send the contract’s bodies, leaving out an empty start date and notes', () => {
    expect(toSleepStudyBody({ ...emptySleepOrder(physician), nights: '2' })).toEqual({
      orderingPhysicianNpi: PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr. Nina Okafor',
      nights: 2,
    });
    expect(
      toWcdStudyBody({
        ...emptyWcdOrder(physician),
        studyType: 'MCT',
        durationDays: '14',
        startDate: '2026-03-10',
        notes: ' Ship to home ',
      }),
    ).toEqual({
      orderingPhysicianNpi: PHYSICIAN_NPI,
      orderingPhysicianName: 'Dr. Nina Okafor',
      studyType: 'MCT',
      durationDays: 14,
      startDate: '2026-03-10',
      notes: 'Ship to home',
    });
    expect(toAbpmStudyBody({ ...emptyAbpmOrder(physician), durationHours: '48' })).toMatchObject({
      durationHours: 48,
    });
  });
});

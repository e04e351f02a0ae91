import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  EMPTY_CLINIC_FORM,
  toClinicBodyFromForm,
  toClinicFieldErrors,
  validateClinicForm,
} from './clinic-form';

describe('the clinic form', () => {
  it('asks for the NPI, name and code before sending', () => {
    expect(validateClinicForm(EMPTY_CLINIC_FORM)).toEqual({
      npi: 'Enter the NPI.',
      name: 'Enter the name.',
      code: 'Enter the code.',
    });
    expect(validateClinicForm({ ...EMPTY_CLINIC_FORM, npi: '123', name: 'A', code: 'B' })).toEqual({
      npi: 'Enter a valid 10-digit NPI.',
    });
  });

  it('sends an empty SAML connection as null and trims the rest', () => {
    const body = toClinicBodyFromForm({
      ...EMPTY_CLINIC_FORM,
      npi: ' 1234567893 ',
      name: ' Aspen ',
      code: 'AH',
    });
    expect(body).toEqual({
      npi: '1234567893',
      name: 'Aspen',
      code: 'AH',
      samlConnectionName: null,
      isActive: true,
      featureFlags: [],
      workflows: [],
    });
  });

  it("puts the server's field problems under their fields and keeps the others apart", () => {
    const error = new ApiError({
      statusCode: 400,
      reason: 'Bad Request',
      message: 'Invalid request',
      details: [
        { field: 'npi', message: 'must be a valid NPI' },
        { field: 'featureFlags.0.name', message: 'unknown feature flag' },
      ],
    });
    expect(toClinicFieldErrors(error)).toEqual({
      fields: { npi: 'Must be a valid NPI.' },
      other: ['featureFlags.0.name: unknown feature flag'],
    });
  });

  it('shows a conflict without details as a general problem', () => {
    const error = new ApiError({
      statusCode: 409,
      reason: 'Conflict',
      message: 'A clinic with this NPI exists.',
    });
    expect(toClinicFieldErrors(error)).toEqual({ fields: {}, other: ['A clinic with this NPI exists.'] });
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { EMPTY_USER_FORM, toFieldErrors, toFormValues, toUserBody, validateUserForm } from './user-form';

describe('the user form', () => {
  it('checks the e-mail, the NPI check digit and, for a new user, a role', () => {
    expect(validateUserForm(EMPTY_USER_FORM, { requireRole: true })).toEqual({
      email: 'Enter an e-mail address.',
      roles: 'Give the user at least one role.',
    });
    const values = { ...EMPTY_USER_FORM, email: 'not-an-email', npi: '1234567890' };
    expect(validateUserForm(values, { requireRole: false })).toEqual({
      email: 'Enter a valid e-mail address.',
      npi: 'Enter a valid 10-digit NPI, or leave it empty.',
    });
    const valid = {
      ...EMPTY_USER_FORM,
      email: 'nora@example.org',
      npi: '1209945553',
      roles: [{ role: 'nurse', clinicNPI: '1209945553' }],
    };
    expect(validateUserForm(valid, { requireRole: true })).toEqual({});
  });

  it('sends trimmed text and an empty NPI as null', () => {
    const body = toUserBody({
      ...EMPTY_USER_FORM,
      email: ' nora@example.org ',
      firstName: ' Nora ',
      npi: ' ',
    });
    expect(body).toMatchObject({ email: 'nora@example.org', firstName: 'Nora', npi: null });
  });

  it('edits aliases under their canonical role name', () => {
    const values = toFormValues({
      id: 'auth0|1',
      attributes: {
        email: 'p@example.org',
        firstName: 'P',
        lastName: 'Q',
        title: '',
        suffixes: '',
        npi: null,
        phone: '',
        homePage: '',
        roles: [{ role: 'physician', clinicNPI: '1209945553' }],
        isIrhUser: false,
        isLocked: false,
        accountState: 'active',
        lastSignInAt: null,
        samlProfileId: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    });
    expect(values.roles).toEqual([{ role: 'provider', clinicNPI: '1209945553' }]);
    expect(values.npi).toBe('');
  });

  it("puts the server's field problems beside their fields and keeps the rest", () => {
    const conflict = new ApiError({
      statusCode: 409,
      reason: 'Conflict',
      message: 'A user with this e-mail already exists',
      details: [{ field: 'email', message: 'is already in use' }],
    });
    expect(toFieldErrors(conflict)).toEqual({ fields: { email: 'Is already in use.' }, other: [] });

    const invalid = new ApiError({
      statusCode: 400,
      reason: 'Bad Request',
      message: 'Invalid body: roles.0.clinicNPI, password',
      details: [
        { field: 'roles.0.clinicNPI', message: "must be a 10-digit NPI or '*'" },
        { field: 'password', message: 'must have at least 12 characters' },
      ],
    });
    expect(toFieldErrors(invalid)).toEqual({
      fields: { roles: "Must be a 10-digit NPI or '*'." },
      other: ['password: must have at least 12 characters'],
    });
    expect(toFieldErrors(new Error('boom'))).toEqual({ fields: {}, other: [] });
  });
});

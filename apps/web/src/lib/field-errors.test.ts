import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { toFieldMessage, toServerFieldErrors } from './field-errors';

const labels = { name: 'Name', value: 'Value' };

describe('server field problems beside their fields', () => {
  it('puts the label in front of a message that continues it', () => {
    expect(toFieldMessage('Name', 'is already in use')).toBe('Name is already in use.');
    expect(toFieldMessage('Value', 'must be integer')).toBe('Value must be integer.');
    expect(toFieldMessage('Name', 'Too long.')).toBe('Too long.');
  });

  it('maps a 409 and a 422 to their fields, and other fields to general problems', () => {
    const conflict = new ApiError({
      statusCode: 409,
      reason: 'Conflict',
      message: 'A default with this name already exists',
      details: [{ field: 'name', message: 'is already in use' }],
    });
    expect(toServerFieldErrors(conflict, labels)).toEqual({
      fields: { name: 'Name is already in use.' },
      other: [],
    });
    const invalid = new ApiError({
      statusCode: 422,
      reason: 'Unprocessable Entity',
      details: [
        { field: 'value', message: 'must be integer' },
        { field: 'colour', message: 'is not allowed' },
      ],
    });
    expect(toServerFieldErrors(invalid, labels)).toEqual({
      fields: { value: 'Value must be integer.' },
      other: ['colour: is not allowed'],
    });
  });

  it("falls back to the error's message when no field was named", () => {
    const error = new ApiError({ statusCode: 500, reason: 'Internal Server Error', message: 'Boom' });
    expect(toServerFieldErrors(error, labels)).toEqual({ fields: {}, other: ['Boom'] });
  });
});

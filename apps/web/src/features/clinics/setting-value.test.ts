import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeSaveError, parseIntegerInput, parseValueType } from './setting-value';

describe('workflow setting values', () => {
  it('reads the value types the defaults declare', () => {
    expect(parseValueType('integer')).toEqual({ kind: 'integer' });
    expect(parseValueType('string')).toEqual({ kind: 'string' });
    expect(parseValueType('enum:none|longitudinal|billing')).toEqual({
      kind: 'enum',
      options: ['none', 'longitudinal', 'billing'],
    });
    expect(parseValueType(null)).toEqual({ kind: 'none' });
  });

  it('shows on/off-only settings (string, default value null) as a switch alone', () => {
    expect(parseValueType('string', null)).toEqual({ kind: 'none' });
    expect(parseValueType('string', '')).toEqual({ kind: 'string' });
  });

  it('accepts whole numbers only', () => {
    expect(parseIntegerInput(' 25 ')).toEqual({ value: 25 });
    expect(parseIntegerInput('2.5')).toEqual({ error: 'Enter a whole number.' });
    expect(parseIntegerInput('')).toEqual({ error: 'Enter a whole number.' });
  });

  it("shows the server's field problem, else its message", () => {
    const typed = new ApiError({
      statusCode: 422,
      reason: 'Unprocessable Entity',
      message: 'Invalid settings',
      details: [{ field: 'workflows.0.value', message: 'must be an integer' }],
    });
    expect(describeSaveError(typed)).toBe('Must be an integer.');
    expect(describeSaveError(new ApiError({ statusCode: 500, reason: 'Internal', message: 'Boom' }))).toBe(
      'Boom',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  describeRange,
  describeSaveError,
  labelEnumOption,
  parseIntegerInput,
  parseValueType,
} from './setting-value';

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

  it('refuses a number outside the range the server enforces, saying the range', () => {
    const pages = { min: 1, max: 500 };
    expect(parseIntegerInput('-3', pages)).toEqual({ error: 'Enter a whole number from 1 to 500.' });
    expect(parseIntegerInput('501', pages)).toEqual({ error: 'Enter a whole number from 1 to 500.' });
    expect(parseIntegerInput('x', pages)).toEqual({ error: 'Enter a whole number from 1 to 500.' });
    expect(parseIntegerInput('1', pages)).toEqual({ value: 1 });
    expect(parseIntegerInput('500', pages)).toEqual({ value: 500 });
    expect(describeRange({ min: 0, max: 1_000_000 })).toBe('from 0 to 1,000,000');
  });

  it('labels enum options in words', () => {
    expect(['none', 'longitudinal', 'billing'].map(labelEnumOption)).toEqual([
      'None',
      'Longitudinal',
      'Billing',
    ]);
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

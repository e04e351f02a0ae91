import { describe, expect, it } from 'vitest';
import {
  changeValueType,
  EMPTY_DEFAULT_FORM,
  toDefaultBody,
  toDefaultFormValues,
  validateDefaultForm,
} from './default-form';

const form = (change: Partial<typeof EMPTY_DEFAULT_FORM> = {}) => ({
  ...EMPTY_DEFAULT_FORM,
  name: 'maxPages',
  title: 'Max pages',
  ...change,
});

describe('the defaults form', () => {
  it('asks for a camelCase name and a title', () => {
    expect(validateDefaultForm({ ...EMPTY_DEFAULT_FORM }, 'feature-flags')).toEqual({
      name: 'Enter the name.',
      title: 'Enter the title.',
    });
    expect(validateDefaultForm(form({ name: 'max pages' }), 'feature-flags').name).toMatch(/camelCase/);
    expect(validateDefaultForm(form(), 'feature-flags')).toEqual({});
  });

  it('checks the value against its type for workflow settings only', () => {
    expect(validateDefaultForm(form({ valueType: 'integer', value: '2.5' }), 'workflows')).toEqual({
      value: 'Enter a whole number, e.g. 25.',
    });
    expect(validateDefaultForm(form({ valueType: 'integer', value: ' 25 ' }), 'workflows')).toEqual({});
    expect(
      validateDefaultForm(form({ valueType: 'enum:none|longitudinal|billing', value: 'x' }), 'workflows'),
    ).toEqual({ value: 'Choose one of none, longitudinal, billing.' });
    expect(validateDefaultForm(form({ valueType: 'integer', value: 'x' }), 'feature-flags')).toEqual({});
  });

  it('sends flags without a value, and on/off-only strings with a null value', () => {
    expect(toDefaultBody(form({ value: 'x' }), 'feature-flags')).toEqual({
      name: 'maxPages',
      title: 'Max pages',
      description: '',
      enabled: false,
    });
    expect(toDefaultBody(form({ value: 'x', onOffOnly: true }), 'workflows')).toMatchObject({
      valueType: 'string',
      value: null,
    });
    expect(toDefaultBody(form({ valueType: 'integer', value: ' 25 ' }), 'workflows')).toMatchObject({
      value: '25',
    });
  });

  it('keeps a value that fits a new type and otherwise starts from its first option', () => {
    const typed = form({ value: '25' });
    expect(changeValueType(typed, 'integer').value).toBe('25');
    expect(changeValueType(typed, 'enum:none|longitudinal|billing').value).toBe('none');
    expect(changeValueType(form({ value: 'abc' }), 'integer').value).toBe('');
  });

  it('reads a stored workflow default back into the form', () => {
    expect(
      toDefaultFormValues({
        id: '1',
        name: 'hideDos',
        title: 'Hide DOS',
        description: '',
        enabled: true,
        valueType: 'string',
        value: null,
      }),
    ).toMatchObject({ onOffOnly: true, value: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { isAfAlert } from './af-alerts';

describe('isAfAlert', () => {
  it.each([
    ['AF episode', null, true],
    ['AT/AF burden', null, true],
    ['New onset atrial fibrillation', null, true],
    ['Atrial flutter', null, true],
    ['afib', null, true],
    ['A-Fib detected', null, true],
    ['VT/VF therapy', 'no AF seen', false],
    ['Lead impedance', null, false],
    ['Safety margin', null, false],
    ['Leaf', null, false],
    [null, 'AT/AF burden 6% in 24 h', true],
    ['', 'AF burden 2%', true],
    [null, 'Ventricular high rate', false],
  ])('an alert of type %j with text %j is an AF alert: %s', (alertType, alertText, expected) => {
    expect(isAfAlert({ alert: 'high', alertType, alertText })).toBe(expected);
  });

  it('is never a report that is not an alert, whatever it says', () => {
    expect(isAfAlert({ alert: null, alertType: 'AF episode', alertText: 'AF burden 6%' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { manufacturerCodeOf } from './manufacturers';

describe('manufacturerCodeOf', () => {
  it.each([
    ['MDT', 'MDT'],
    ['Medtronic', 'MDT'],
    ['Boston Scientific', 'BSX'],
    ['boston-scientific', 'BSX'],
    ['Abbott', 'STJ'],
    ['St. Jude Medical', 'STJ'],
    ['MicroPort CRM', 'SOR'],
    ['Sorin', 'SOR'],
    ['BIOTRONIK', 'BIO'],
  ] as const)('reads %s as %s', (text, code) => {
    expect(manufacturerCodeOf(text)).toBe(code);
  });

  it.each([[''], ['  '], [null], [undefined], ['Zoll'], ['Acme Devices']])('knows no code for %s', (text) => {
    expect(manufacturerCodeOf(text)).toBeNull();
  });
});

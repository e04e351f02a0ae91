import { describe, expect, it } from 'vitest';
import { splitSymbologyIdentifier } from './symbology-identifier';

describe('splitSymbologyIdentifier', () => {
  it.each([
    [']d20109520123456788', ']d2', '0109520123456788'],
    [']C1011234', ']C1', '011234'],
    [']Q3(01)1', ']Q3', '(01)1'],
    [']e00109520123456788', ']e0', '0109520123456788'],
    [']d1+A123BJC5D6E71G', ']d1', '+A123BJC5D6E71G'],
    [']A0+A123', ']A0', '+A123'],
    ['0109520123456788', null, '0109520123456788'],
    [']', null, ']'],
    [']d', null, ']d'],
    ['x]d2', null, 'x]d2'],
  ])('%j: identifier %j, data %j', (text, identifier, data) => {
    expect(splitSymbologyIdentifier(text)).toEqual({ identifier, data });
  });
});

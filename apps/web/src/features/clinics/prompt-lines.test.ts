import { describe, expect, it } from 'vitest';
import { toPromptList, toPromptText } from './prompt-lines';

describe('prompt lists in a multiline field', () => {
  it('shows one prompt a line and reads them back without blank lines', () => {
    const text = toPromptText(['Appropriate Device Function', 'Battery ERI']);
    expect(text).toBe('Appropriate Device Function\nBattery ERI');
    expect(toPromptList(`${text}\n\n  Lead noise  \r\n`)).toEqual([
      'Appropriate Device Function',
      'Battery ERI',
      'Lead noise',
    ]);
  });
});

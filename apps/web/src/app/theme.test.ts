import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

// WCAG AA for normal text: 4.5:1. Coloured text ('Report a problem', an outlined chip) sits on white paper or
// the grey page; white text sits on filled chips, badges and buttons of the same colours.
const AA_NORMAL_TEXT = 4.5;

describe('the theme palette', () => {
  const { palette } = theme;
  const colours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

  it.each(colours)('%s text reads on white paper and on the page background', (name) => {
    const main = palette[name].main;
    expect(getContrastRatio(main, palette.background.paper)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(getContrastRatio(main, palette.background.default)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it.each(colours)('%s fills carry their contrast text legibly', (name) => {
    const { main, contrastText } = palette[name];
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it('secondary text reads on the page background', () => {
    expect(getContrastRatio(palette.text.secondary, palette.background.default)).toBeGreaterThanOrEqual(
      AA_NORMAL_TEXT,
    );
  });
});

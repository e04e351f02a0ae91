// @vitest-environment node
import { readFileSync } from 'node:fs';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { theme } from './mui-theme';

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

// The first screen is drawn with plain CSS (components/ui/tokens.css) and later screens with MUI: both must
// use the same colours, or the portal changes colour as a screen loads.
/** '#ABC123', 'rgb(171, 193, 35)' and '#abc123' are one colour; rgba() and lengths are compared as written. */
function normalizeColour(value: string): string {
  const compact = value.toLowerCase().replaceAll(' ', '');
  const rgb = /^rgb\((\d+),(\d+),(\d+)\)$/.exec(compact);
  if (!rgb) return compact;
  return `#${rgb
    .slice(1)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;
}

describe('the plain-CSS tokens mirror the MUI theme', () => {
  const tokens = Object.fromEntries(
    [
      ...readFileSync(new URL('./ui/tokens.css', import.meta.url), 'utf8').matchAll(
        /--ui-([\w-]+):\s*([^;]+);/g,
      ),
    ].map((match) => [match[1], (match[2] ?? '').trim().toLowerCase()]),
  );
  it.each([
    ['primary', theme.palette.primary.main],
    ['primary-dark', theme.palette.primary.dark],
    ['error', theme.palette.error.main],
    ['warning', theme.palette.warning.main],
    ['info', theme.palette.info.main],
    ['success', theme.palette.success.main],
    ['bg', theme.palette.background.default],
    ['paper', theme.palette.background.paper],
    ['text', theme.palette.text.primary],
    ['text-secondary', theme.palette.text.secondary],
    ['divider', theme.palette.divider],
    ['radius', `${theme.shape.borderRadius}px`],
  ])('--ui-%s is the theme’s %s', (token, value) => {
    expect(normalizeColour(tokens[token] ?? '')).toBe(normalizeColour(String(value)));
  });
});

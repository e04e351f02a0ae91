import { createTheme } from '@mui/material/styles';
import { HEADER_HEIGHT_PX, THEME_PRIMARY } from '../lib/constants';

// System fonts only: clinic networks often block font CDNs and the CSP allows no third-party origins.
const systemFontStack = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
].join(',');

export const theme = createTheme({
  palette: {
    primary: { main: THEME_PRIMARY },
    // Shades darker than MUI's defaults, so that text in these colours (an outlined chip, a text button such
    // as 'Report a problem') and white text on them (a filled chip) reach WCAG AA's 4.5:1 on white and on
    // the page background; MUI's own warning #ED6C02 gives 3.1:1 and info #0288D1 3.9:1. The hues stay
    // apart from the primary blue: info leans teal, warning is a deep orange.
    warning: { main: '#A84F00' },
    info: { main: '#0A6E8F' },
    success: { main: '#2E7D32' },
    error: { main: '#C62828' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  typography: {
    fontFamily: systemFontStack,
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 6 },
  // The header is 64 px at every width (SPEC §9), not MUI's responsive 56/64.
  mixins: { toolbar: { minHeight: HEADER_HEIGHT_PX } },
  components: {
    MuiTooltip: {
      defaultProps: {
        // A tooltip repeats its control's name (MUI puts the title in the control's aria-label), and its
        // popup is put at the end of <body>, outside every landmark: hidden from assistive technology, it
        // is neither read twice nor stray content.
        slotProps: { popper: { 'aria-hidden': true } },
      },
    },
    MuiTableCell: {
      styleOverrides: {
        head: ({ theme: t }) => ({ fontWeight: 600, color: t.palette.text.secondary, whiteSpace: 'nowrap' }),
      },
    },
  },
});

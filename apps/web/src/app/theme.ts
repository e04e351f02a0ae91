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
    MuiTableCell: {
      styleOverrides: {
        head: ({ theme: t }) => ({ fontWeight: 600, color: t.palette.text.secondary, whiteSpace: 'nowrap' }),
      },
    },
  },
});

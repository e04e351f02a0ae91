import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's snackbars in the theme's colours: its own success green (#43A047) and orange carry white text
 * at 3.3:1 and less; the theme's shades reach WCAG AA's 4.5:1.
 */
const ThemedSnackbarContent = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
}));

export const SNACKBAR_COMPONENTS = {
  default: ThemedSnackbarContent,
  success: ThemedSnackbarContent,
  error: ThemedSnackbarContent,
  warning: ThemedSnackbarContent,
  info: ThemedSnackbarContent,
};

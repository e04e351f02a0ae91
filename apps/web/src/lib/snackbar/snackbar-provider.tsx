import { styled } from '@mui/material/styles';
import {
  MaterialDesignContent,
  SnackbarProvider as Notistack,
  enqueueSnackbar as notistackEnqueue,
} from 'notistack';
import { useEffect } from 'react';
import { MuiScope } from '../../components/mui-scope';
import { SNACKBAR_ANCHOR, SNACKBAR_AUTO_HIDE_MS, SNACKBAR_MAX_STACK } from '../constants';
import { connectSnackbarHost } from './snackbar';

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

const SNACKBAR_COMPONENTS = {
  default: ThemedSnackbarContent,
  success: ThemedSnackbarContent,
  error: ThemedSnackbarContent,
  warning: ThemedSnackbarContent,
  info: ThemedSnackbarContent,
};

function ConnectQueue() {
  useEffect(() => connectSnackbarHost((message, options) => notistackEnqueue(message, options)), []);
  return null;
}

/** notistack with the SPEC §9 settings, fed by the queue in snackbar.ts. */
export function SnackbarProvider() {
  return (
    <MuiScope>
      <Notistack
        maxSnack={SNACKBAR_MAX_STACK}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        anchorOrigin={SNACKBAR_ANCHOR}
        preventDuplicate
        Components={SNACKBAR_COMPONENTS}
      >
        <ConnectQueue />
      </Notistack>
    </MuiScope>
  );
}

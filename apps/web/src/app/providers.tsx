import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useState } from 'react';
import { SNACKBAR_ANCHOR, SNACKBAR_AUTO_HIDE_MS, SNACKBAR_MAX_STACK } from '../lib/constants';
import { createQueryClient } from '../lib/query-client';
import { SNACKBAR_COMPONENTS } from './snackbar-content';
import { theme } from './theme';

/** What every screen needs, signed in or not: theme, snackbars, the query cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={SNACKBAR_MAX_STACK}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        anchorOrigin={SNACKBAR_ANCHOR}
        preventDuplicate
        Components={SNACKBAR_COMPONENTS}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

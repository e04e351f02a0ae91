import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import '../components/ui/tokens.css';
import '../components/ui/typography.css';
import { createQueryClient } from '../lib/query-client';
import { SnackbarHost } from '../lib/snackbar/snackbar-host';

/**
 * What every screen needs, signed in or not: the page baseline and design tokens (plain CSS, issue 11 §10),
 * the query cache and the snackbars. The MUI theme comes with each part drawn with MUI (mui-scope.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SnackbarHost />
    </QueryClientProvider>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageMessageProps = {
  icon?: ReactNode;
  heading: string;
  children?: ReactNode;
  /** polite live region, for messages that appear while work happens (e.g. sign-in) */
  live?: boolean;
  /** h1 on pages outside the layout (which otherwise gives the page its h1). */
  headingComponent?: 'h1' | 'h2';
};

/** A centred card for pages that only say something: not found, not built yet, in progress. */
export function PageMessage({
  icon,
  heading,
  children,
  live = false,
  headingComponent = 'h2',
}: PageMessageProps) {
  return (
    <Paper
      variant="outlined"
      role={live ? 'status' : undefined}
      sx={{ maxWidth: 720, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, md: 5 }, textAlign: 'center' }}
    >
      {icon && <Box sx={{ color: 'primary.main', mb: 1.5, '& svg': { fontSize: 48 } }}>{icon}</Box>}
      <Typography component={headingComponent} variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}

import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePortalTitle } from '../lib/auth/portal-config';
import { HEADER_HEIGHT_PX } from '../lib/constants';

/**
 * A page outside the signed-in layout (start-up, sign-in, loading the profile): the header with the
 * portal's icon and title, and the content centred below it.
 */
export function StandalonePage({ children }: { children: ReactNode }) {
  const title = usePortalTitle();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" elevation={0} sx={{ height: HEADER_HEIGHT_PX }}>
        <Toolbar sx={{ gap: 1 }}>
          <MonitorHeartIcon aria-hidden fontSize="large" />
          <Typography
            component="span"
            variant="h6"
            noWrap
            sx={{ fontWeight: 600, letterSpacing: 0.2, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
          >
            {title}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: { xs: 2, md: 3 } }}>
        {children}
      </Box>
    </Box>
  );
}

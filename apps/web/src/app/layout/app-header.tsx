import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { MetricsTicker } from '../../features/metrics/components/metrics-ticker';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ClinicPicker } from '../../features/session/components/clinic-picker';
import { HelpMenu } from '../../features/session/components/help-menu';
import { UserMenu } from '../../features/session/components/user-menu';
import { usePortalTitle } from '../../lib/auth/portal-config';
import { HEADER_HEIGHT_PX } from '../../lib/constants';
import { APP_HEADER_ID } from '../../lib/header-popup-container';
import { NAV_DRAWER_ID } from './nav-drawer';

type AppHeaderProps = {
  navOpen: boolean;
  onToggleNav: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
};

/**
 * The 64 px header: drawer button, icon and title, then the work-queue ticker, the clinic picker, help,
 * notifications and the user menu.
 */
export function AppHeader({ navOpen, onToggleNav, menuButtonRef }: AppHeaderProps) {
  const title = usePortalTitle();
  return (
    <AppBar
      id={APP_HEADER_ID}
      component="header"
      position="fixed"
      elevation={0}
      sx={{ height: HEADER_HEIGHT_PX, zIndex: (t) => t.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: { xs: 1, sm: 1.5 }, px: { xs: 1.5, sm: 2 } }}>
        <IconButton
          ref={menuButtonRef}
          color="inherit"
          edge="start"
          aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navOpen}
          aria-controls={NAV_DRAWER_ID}
          onClick={onToggleNav}
        >
          {navOpen ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          aria-label={`${title}, start page`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, borderRadius: 1, minWidth: 0 }}
        >
          <MonitorHeartIcon aria-hidden fontSize="large" />
          <Typography
            component="span"
            variant="h6"
            noWrap
            sx={{
              display: { xs: 'none', md: 'block' },
              fontWeight: 600,
              letterSpacing: 0.2,
              fontSize: { md: '1.2rem', lg: '1.25rem' },
            }}
          >
            {title}
          </Typography>
        </Link>
        <Box sx={{ flex: 1 }} />
        <MetricsTicker />
        <ClinicPicker />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
          <HelpMenu />
          <NotificationBell />
        </Box>
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

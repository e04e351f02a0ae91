import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router';
import { HEADER_HEIGHT_PX } from '../../lib/constants';
import { NAV_DRAWER_ID } from './nav-drawer';

export const APP_TITLE = 'Remote Monitoring Portal';

type AppHeaderProps = {
  navOpen: boolean;
  onToggleNav: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
};

export function AppHeader({ navOpen, onToggleNav, menuButtonRef }: AppHeaderProps) {
  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{ height: HEADER_HEIGHT_PX, zIndex: (t) => t.zIndex.drawer + 1 }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
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
          sx={{ display: 'flex', alignItems: 'center', gap: 1, borderRadius: 1 }}
        >
          <MonitorHeartIcon aria-hidden fontSize="large" />
          <Typography component="span" variant="h6" sx={{ fontWeight: 600, letterSpacing: 0.2 }}>
            {APP_TITLE}
          </Typography>
        </Link>
      </Toolbar>
    </AppBar>
  );
}

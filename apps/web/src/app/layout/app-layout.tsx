import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { HEADER_HEIGHT_PX } from '../../lib/constants';
import { AppHeader } from './app-header';
import { NAV_DRAWER_ID, NAV_DRAWER_WIDTH, NavDrawer } from './nav-drawer';
import { PageToolbar } from './page-toolbar';

export const MAIN_CONTENT_ID = 'main-content';

export function AppLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const variant = wide ? 'persistent' : 'temporary';
  const [navOpen, setNavOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const firstNavItemRef = useRef<HTMLAnchorElement>(null);
  // Focus follows the drawer only when the user toggled it, not on first render.
  const focusOnToggle = useRef(false);

  const toggleNav = useCallback(() => {
    focusOnToggle.current = true;
    setNavOpen((open) => !open);
  }, []);

  const closeNav = useCallback(() => {
    focusOnToggle.current = true;
    setNavOpen(false);
  }, []);

  // On narrow screens the drawer covers the page, so following a link closes it.
  const handleNavigate = useCallback(() => {
    if (variant === 'temporary') setNavOpen(false);
  }, [variant]);

  useEffect(() => {
    if (!focusOnToggle.current) return;
    focusOnToggle.current = false;
    if (navOpen) {
      // Wait for the slide-in so the item is visible before it takes focus.
      const timer = window.setTimeout(() => firstNavItemRef.current?.focus(), 50);
      return () => window.clearTimeout(timer);
    }
    // Closing hides the drawer; return focus to the button that opened it if focus was inside.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest(`#${NAV_DRAWER_ID}`)) {
      menuButtonRef.current?.focus();
    }
    return undefined;
  }, [navOpen]);

  // The modal (temporary) drawer closes on Escape by itself; the persistent one needs this.
  // Typing fields keep their own Escape (e.g. clearing a search box).
  useEffect(() => {
    if (!navOpen || variant !== 'persistent') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      closeNav();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpen, variant, closeNav]);

  const shifted = navOpen && variant === 'persistent';

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          color: 'primary.main',
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <AppHeader navOpen={navOpen} onToggleNav={toggleNav} menuButtonRef={menuButtonRef} />
      <NavDrawer
        open={navOpen}
        variant={variant}
        onClose={closeNav}
        onNavigate={handleNavigate}
        firstItemRef={firstNavItemRef}
      />
      <Box
        sx={{
          pt: `${HEADER_HEIGHT_PX}px`,
          ml: shifted ? `${NAV_DRAWER_WIDTH}px` : 0,
          transition: theme.transitions.create('margin', {
            easing: theme.transitions.easing.sharp,
            duration: shifted
              ? theme.transitions.duration.enteringScreen
              : theme.transitions.duration.leavingScreen,
          }),
        }}
      >
        <PageToolbar />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ p: { xs: 2, md: 3 }, outline: 'none' }}
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}

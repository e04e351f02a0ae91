import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { up, useMediaQuery } from '../../components/ui/use-media-query';
import { AppHeader } from './app-header';
import { NAV_DRAWER_ID, NavDrawer } from './nav-drawer';
import { PageToolbar } from './page-toolbar';
import './app-layout.css';

export const MAIN_CONTENT_ID = 'main-content';

export function AppLayout() {
  const wide = useMediaQuery(up('md'));
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
    <div className="app-layout">
      <a href={`#${MAIN_CONTENT_ID}`} className="app-layout__skip-link">
        Skip to main content
      </a>
      <AppHeader navOpen={navOpen} onToggleNav={toggleNav} menuButtonRef={menuButtonRef} />
      <NavDrawer
        open={navOpen}
        variant={variant}
        onClose={closeNav}
        onNavigate={handleNavigate}
        firstItemRef={firstNavItemRef}
      />
      {/* Beside the persistent drawer while it is open (its 248px width, nav-drawer.css). */}
      <div className={shifted ? 'app-layout__content app-layout__content--shifted' : 'app-layout__content'}>
        <PageToolbar />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app-layout__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

import type { Ref } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../components/ui/button';
import { CloseIcon, MenuIcon, MonitorHeartIcon } from '../../components/ui/icons';
import { MetricsTicker } from '../../features/metrics/components/metrics-ticker';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { ClinicPicker } from '../../features/session/components/clinic-picker';
import { HelpMenu } from '../../features/session/components/help-menu';
import { UserMenu } from '../../features/session/components/user-menu';
import { usePortalTitle } from '../../lib/auth/portal-config';
import { APP_HEADER_ID } from '../../lib/header-popup-container';
import { NAV_DRAWER_ID } from './nav-drawer';
import './app-header.css';

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
    <header id={APP_HEADER_ID} className="app-header">
      <div className="app-header__toolbar">
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
        <Link to="/" aria-label={`${title}, start page`} className="app-header__home">
          <MonitorHeartIcon aria-hidden fontSize="large" />
          <span className="app-header__title ui-h6 ui-nowrap">{title}</span>
        </Link>
        <div className="app-header__spacer" />
        <MetricsTicker />
        <ClinicPicker />
        <div className="app-header__actions">
          <HelpMenu />
          <NotificationBell />
        </div>
        <UserMenu />
      </div>
    </header>
  );
}

import type { ReactNode } from 'react';
import { usePortalTitle } from '../lib/auth/portal-config';
import { HEADER_HEIGHT_PX } from '../lib/constants';
import { MonitorHeartIcon } from './ui/icons';
import './standalone-page.css';

/**
 * A page outside the signed-in layout (start-up, sign-in, loading the profile): the header with the
 * portal's icon and title, and the content centred below it. Plain CSS, drawn like MUI's static AppBar
 * and Toolbar: it is the first thing the portal shows, before MUI would have loaded (issue 11 §10).
 */
export function StandalonePage({ children }: { children: ReactNode }) {
  const title = usePortalTitle();
  return (
    <div className="standalone-page">
      <header className="standalone-page__header" style={{ height: HEADER_HEIGHT_PX }}>
        <div className="standalone-page__toolbar" style={{ minHeight: HEADER_HEIGHT_PX }}>
          <MonitorHeartIcon fontSize="large" />
          <span className="standalone-page__title">{title}</span>
        </div>
      </header>
      <main className="standalone-page__main">{children}</main>
    </div>
  );
}

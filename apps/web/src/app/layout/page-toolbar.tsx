import { Fragment, useEffect } from 'react';
import { NavigateNextIcon } from '../../components/ui/icons';
import { usePortalTitle } from '../../lib/auth/portal-config';
import { useRouteHandle } from '../route-handle';
import './page-toolbar.css';

/** The 40 px bar under the header: breadcrumbs ending in the page title, which is the page's h1. */
export function PageToolbar() {
  const handle = useRouteHandle();
  const title = handle?.title ?? '';
  const appTitle = usePortalTitle();

  useEffect(() => {
    document.title = title ? `${title} · ${appTitle}` : appTitle;
  }, [title, appTitle]);

  // MUI's Breadcrumbs markup: a list in a named <nav>, the separators hidden list items between the crumbs.
  const separator = (
    <li aria-hidden="true" className="page-toolbar__separator">
      <NavigateNextIcon fontSize="small" />
    </li>
  );
  return (
    <div className="page-toolbar">
      <nav aria-label="Breadcrumb" className="page-toolbar__breadcrumbs ui-body1 ui-text-secondary">
        <ol className="page-toolbar__list">
          {handle?.crumbs?.map((crumb) => (
            <Fragment key={crumb}>
              <li className="page-toolbar__item">
                <p className="ui-body2 ui-text-secondary">{crumb}</p>
              </li>
              {separator}
            </Fragment>
          ))}
          <li className="page-toolbar__item">
            <h1 className="page-toolbar__title ui-body1">{title}</h1>
          </li>
        </ol>
      </nav>
    </div>
  );
}

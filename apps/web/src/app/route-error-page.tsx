import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageMessage } from '../components/page-message';
import { Button } from '../components/ui/button';
import { ErrorOutlineOutlinedIcon } from '../components/ui/icons';
import { createLogger } from '../lib/logger';

const log = createLogger('app');

/** Shown instead of a blank screen when a page throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    log.error('Unhandled error while rendering a page', error);
  }, [error]);
  return (
    <PageMessage icon={<ErrorOutlineOutlinedIcon />} heading="Something went wrong">
      <p className="ui-body1 ui-text-secondary page-message__text page-message__text--before-actions">
        This page could not be shown. Reload to try again; if it keeps happening, contact support.
      </p>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </PageMessage>
  );
}

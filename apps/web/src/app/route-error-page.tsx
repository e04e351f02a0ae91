import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageMessage } from '../components/page-message';
import { createLogger } from '../lib/logger';

const log = createLogger('app');

/** Shown instead of a blank screen when a page throws while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    log.error('Unhandled error while rendering a page', error);
  }, [error]);
  return (
    <PageMessage icon={<ErrorOutlineIcon />} heading="Something went wrong">
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        This page could not be shown. Reload to try again; if it keeps happening, contact support.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </PageMessage>
  );
}

import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageMessage } from '../../../components/page-message';
import { isApiError } from '../../../lib/api-client';

export const NO_DOCUMENTS_ACCESS_HEADING = 'Your role does not show documents';

/** The list could not be read: a role that sees no documents (403, 404) is told so; anything else may be retried. */
export function InboxLoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isApiError(error) && (error.statusCode === 403 || error.statusCode === 404)) {
    return (
      <Box sx={{ p: 3 }}>
        <PageMessage icon={<BlockIcon />} heading={NO_DOCUMENTS_ACCESS_HEADING}>
          <Typography color="textSecondary">
            Documents are shown to providers, nurses, clinic administrators and read-only users. Device
            technicians work in the device screens.
          </Typography>
        </PageMessage>
      </Box>
    );
  }
  return (
    <Alert
      severity="error"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}

import { PageMessage } from '../../../components/page-message';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BlockIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import '../../../components/ui/typography.css';
import './inbox-load-failure.css';

export const NO_DOCUMENTS_ACCESS_HEADING = 'Your role does not show documents';

/** The list could not be read: a role that sees no documents (403, 404) is told so; anything else may be retried. */
export function InboxLoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isApiError(error) && (error.statusCode === 403 || error.statusCode === 404)) {
    return (
      <div className="inbox-load-failure">
        <PageMessage icon={<BlockIcon />} heading={NO_DOCUMENTS_ACCESS_HEADING}>
          <p className="ui-body1 ui-text-secondary page-message__text">
            Documents are shown to providers, nurses, clinic administrators and read-only users. Device
            technicians work in the device screens.
          </p>
        </PageMessage>
      </div>
    );
  }
  return (
    <Alert
      severity="error"
      className="inbox-load-failure__alert"
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

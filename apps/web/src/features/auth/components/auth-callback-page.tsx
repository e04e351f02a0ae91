import LockOpenIcon from '@mui/icons-material/LockOpen';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PageMessage } from '../../../components/page-message';

/** Where the identity provider sends the browser back. The code exchange lands with sign-in. */
export function AuthCallbackPage() {
  return (
    <PageMessage icon={<LockOpenIcon />} heading="Completing sign-in…" live>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Sign-in is being completed. You will be taken to the portal in a moment.
      </Typography>
      <LinearProgress aria-label="Completing sign-in" />
    </PageMessage>
  );
}

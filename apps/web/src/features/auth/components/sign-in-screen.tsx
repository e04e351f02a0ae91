import LockIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageMessage } from '../../../components/page-message';
import { StandalonePage } from '../../../components/standalone-page';
import { useInteractiveSignIn } from '../hooks/use-interactive-sign-in';

type SignInScreenProps = {
  /** A SPEC §8 sign-in message, shown verbatim. */
  error?: string | undefined;
  notice?: string | undefined;
};

/** Shown instead of the automatic redirect when a sign-in failed or the session ended under the user. */
export function SignInScreen({ error, notice }: SignInScreenProps) {
  const { signInWithRedirect, signInWithPopup } = useInteractiveSignIn();
  return (
    <StandalonePage>
      <PageMessage icon={<LockIcon />} heading="Sign in to the portal" headingComponent="h1">
        <Box sx={{ maxWidth: 440, mx: 'auto', textAlign: 'left' }}>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {notice && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
        </Box>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Sign in with your portal account to continue.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1.5 }}>
          <Button variant="contained" size="large" onClick={() => void signInWithRedirect()}>
            Sign in
          </Button>
          <Button
            variant="outlined"
            size="large"
            endIcon={<OpenInNewIcon />}
            onClick={() => void signInWithPopup()}
          >
            Sign in with a pop-up window
          </Button>
        </Box>
      </PageMessage>
    </StandalonePage>
  );
}

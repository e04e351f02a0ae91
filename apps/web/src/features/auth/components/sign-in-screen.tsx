import { PageMessage } from '../../../components/page-message';
import { StandalonePage } from '../../../components/standalone-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LockOutlinedIcon, OpenInNewIcon } from '../../../components/ui/icons';
import { useInteractiveSignIn } from '../hooks/use-interactive-sign-in';
import './sign-in-screen.css';

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
      <PageMessage icon={<LockOutlinedIcon />} heading="Sign in to the portal" headingComponent="h1">
        <div className="sign-in-screen__alerts">
          {error && (
            <Alert severity="error" className="sign-in-screen__alert">
              {error}
            </Alert>
          )}
          {notice && (
            <Alert severity="info" className="sign-in-screen__alert">
              {notice}
            </Alert>
          )}
        </div>
        <p className="ui-body1 ui-text-secondary page-message__text page-message__text--before-actions">
          Sign in with your portal account to continue.
        </p>
        <div className="page-message__actions page-message__actions--wrap">
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
        </div>
      </PageMessage>
    </StandalonePage>
  );
}

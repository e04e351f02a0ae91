import { useQuery } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { BusyScreen } from '../../../components/busy-screen';
import { PageMessage } from '../../../components/page-message';
import { StandalonePage } from '../../../components/standalone-page';
import { Button } from '../../../components/ui/button';
import { ErrorOutlineOutlinedIcon } from '../../../components/ui/icons';
import {
  type PortalConfig,
  PortalConfigContext,
  portalConfigQueryOptions,
} from '../../../lib/auth/portal-config';
import { isSignOutLanding, readReturnTo, stripSignInParams } from '../../../lib/auth/return-to';
import { getUserManager } from '../../../lib/auth/user-manager';
import './portal-auth-provider.css';

/**
 * After a redirect sign-in, replace the callback address (code, state) with the page the sign-in
 * started from, kept in the sign-in state, or else the current path without the provider's answer.
 * Runs before the router exists, so the router starts on the right page.
 */
function replaceAddressAfterSignIn(user: User | undefined): void {
  if (!user) return; // the pop-up window: its opener finishes the sign-in
  const returnTo = readReturnTo(user.state) ?? stripSignInParams(window.location);
  window.history.replaceState(null, '', returnTo);
}

/** The provider's answer to a sign-out is '/?state=…': finish it, and drop the state from the address. */
const isSignOutCallback = () => isSignOutLanding(window.location);
function replaceAddressAfterSignOut(): void {
  window.history.replaceState(null, '', '/');
}

function ConfiguredAuthProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return (
    <AuthProvider
      userManager={getUserManager(config)}
      onSigninCallback={replaceAddressAfterSignIn}
      matchSignoutCallback={isSignOutCallback}
      onSignoutCallback={replaceAddressAfterSignOut}
    >
      {children}
    </AuthProvider>
  );
}

/**
 * Reads GET /api/config, then creates the OIDC client from it, so one build serves any deployment
 * (the embedded provider at /idp, or Auth0, Okta, Keycloak…).
 */
export function PortalAuthProvider({ children }: { children: ReactNode }) {
  const config = useQuery(portalConfigQueryOptions);
  if (config.isPending) return <BusyScreen message="Starting the portal…" />;
  if (config.isError) {
    return (
      <StandalonePage>
        <PageMessage
          icon={<ErrorOutlineOutlinedIcon />}
          heading="The portal could not start"
          headingComponent="h1"
        >
          <p className="ui-body1 ui-text-secondary portal-auth-provider__explanation">
            Its settings could not be loaded. Check the network connection and try again.
          </p>
          <p
            role="alert"
            className="ui-body1 page-message__text page-message__text--before-actions portal-auth-provider__error"
          >
            {config.error.message}
          </p>
          <Button variant="contained" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </PageMessage>
      </StandalonePage>
    );
  }
  return (
    <PortalConfigContext value={config.data}>
      <ConfiguredAuthProvider config={config.data}>{children}</ConfiguredAuthProvider>
    </PortalConfigContext>
  );
}

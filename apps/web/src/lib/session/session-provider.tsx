import { formatUserDisplayName } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { BusyScreen } from '../../components/busy-screen';
import { PageMessage } from '../../components/page-message';
import { StandalonePage } from '../../components/standalone-page';
import { Button } from '../../components/ui/button';
import { ErrorOutlineOutlinedIcon } from '../../components/ui/icons';
import { useSignOut } from '../auth/use-sign-out';
import type { CurrentUser } from './get-current-user';
import { currentUserQueryOptions } from './get-current-user';
import { createPermissionChecks } from './permissions';
import { type Session, SessionContext } from './session-context';
import { useCurrentClinic } from './use-current-clinic';
import { useCurrentClinicConfiguration } from './use-current-clinic-configuration';

function SessionValue({ current, children }: { current: CurrentUser; children: ReactNode }) {
  const { currentClinic, selectClinic } = useCurrentClinic(current.allowedClinics);
  const { user } = current;
  const clinicConfiguration = useCurrentClinicConfiguration(currentClinic);
  const session = useMemo<Session>(
    () => ({
      user,
      displayName: formatUserDisplayName(user.attributes),
      allowedClinics: current.allowedClinics,
      notificationChannel: current.notificationChannel,
      currentClinic,
      selectClinic,
      clinicConfiguration,
      ...createPermissionChecks(user.attributes, currentClinic?.npi, clinicConfiguration.configuration),
    }),
    [
      user,
      current.allowedClinics,
      current.notificationChannel,
      currentClinic,
      selectClinic,
      clinicConfiguration,
    ],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

/** Loads the signed-in user (GET /api/users/me) and provides the session to everything below. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const signOut = useSignOut();
  const profile = auth.user?.profile;
  const query = useQuery(currentUserQueryOptions(profile?.sub ?? '', profile?.updated_at));

  if (query.data) return <SessionValue current={query.data}>{children}</SessionValue>;
  if (query.isError) {
    return (
      <StandalonePage>
        <PageMessage
          icon={<ErrorOutlineOutlinedIcon />}
          heading="Your profile could not be loaded"
          headingComponent="h1"
        >
          <p
            role="alert"
            className="ui-body1 ui-text-secondary page-message__text page-message__text--before-actions"
          >
            {query.error.message}
          </p>
          <div className="page-message__actions">
            <Button variant="contained" onClick={() => void query.refetch()}>
              Try again
            </Button>
            <Button variant="outlined" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </PageMessage>
      </StandalonePage>
    );
  }
  return <BusyScreen message="Loading your profile…" />;
}

import { createContext, useContext } from 'react';
import type { AllowedClinic, UserResource } from '../user-resource';
import type { PermissionChecks } from './permissions';
import type { CurrentClinicConfiguration } from './use-current-clinic-configuration';

/** The signed-in user, the clinic they work in, and what they may do there. */
export type Session = PermissionChecks & {
  user: UserResource;
  /** SPEC §3 display name: title, names, suffixes and '(IRH)' for provider-company users. */
  displayName: string;
  allowedClinics: AllowedClinic[];
  /** The user's private realtime channel (GET /api/users/me), where their notifications arrive. */
  notificationChannel: string;
  currentClinic: AllowedClinic | undefined;
  selectClinic: (npi: string) => void;
  /** The current clinic's merged feature flags and settings, with their load state. */
  clinicConfiguration: CurrentClinicConfiguration;
};

export const SessionContext = createContext<Session | undefined>(undefined);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** `can(permission)` at the current clinic, and `canAnywhere(permission)`. */
export function usePermissions(): PermissionChecks & { clinicNpi: string | undefined } {
  const { can, canAnywhere, canUseMultiSelectMenu, currentClinic } = useSession();
  return { can, canAnywhere, canUseMultiSelectMenu, clinicNpi: currentClinic?.npi };
}

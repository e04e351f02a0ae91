import type { MergedClinicConfiguration, PermissionName } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createPermissionChecks } from './permissions';
import { useSession } from './session-context';
import { clinicConfigurationQueryOptions } from './use-current-clinic-configuration';

/**
 * What the user may do at one clinic, which need not be the current one: a patient or a document of
 * another clinic (the inbox lists every clinic's) is judged by that clinic's roles and flags, as the
 * server judges it. The current clinic's answers come from the session; another clinic's configuration
 * is loaded (and shared with the session's cache), and its gated permissions are refused until it is.
 */
export function useClinicPermissions(clinicNpi: string | undefined): {
  can: (permission: PermissionName) => boolean;
} {
  const session = useSession();
  const isCurrent = clinicNpi !== undefined && clinicNpi === session.currentClinic?.npi;
  const clinic = isCurrent ? undefined : session.allowedClinics.find((allowed) => allowed.npi === clinicNpi);
  const configurationQuery = useQuery({
    ...clinicConfigurationQueryOptions(clinic?.id ?? ''),
    enabled: Boolean(clinic),
  });
  const data = configurationQuery.data;
  const configuration = useMemo<MergedClinicConfiguration | undefined>(
    () =>
      data && data.npi === clinicNpi
        ? { featureFlags: data.featureFlags, settings: data.settings }
        : undefined,
    [data, clinicNpi],
  );
  const sessionCan = session.can;
  const user = session.user.attributes;
  return useMemo(() => {
    if (isCurrent) return { can: sessionCan };
    if (!clinic) return { can: () => false };
    return { can: createPermissionChecks(user, clinic.npi, configuration).can };
  }, [isCurrent, sessionCan, clinic, user, configuration]);
}

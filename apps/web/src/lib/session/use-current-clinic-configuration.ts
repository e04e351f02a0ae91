import type { MergedClinicConfiguration, MergedSetting, OrganizationResource } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '../api-client';
import { queryKeys } from '../query-keys';

/** The part of GET /api/customers/organizations(/:id) the session reads: the merged maps (SPEC §3). */
export type ClinicConfigurationResponse = Pick<
  OrganizationResource,
  'id' | 'npi' | 'featureFlags' | 'settings'
>;

export type ClinicConfigurationStatus = 'loading' | 'ready' | 'error';

export type CurrentClinicConfiguration = {
  /** The clinic's merged configuration once loaded; undefined while loading or after a failure. */
  configuration: MergedClinicConfiguration | undefined;
  featureFlags: Record<string, boolean>;
  settings: Record<string, MergedSetting>;
  /** SPEC §4 load status of a data slice. No current clinic counts as ready (nothing to load). */
  status: ClinicConfigurationStatus;
  error: Error | null;
};

const EMPTY_FLAGS: Record<string, boolean> = {};
const EMPTY_SETTINGS: Record<string, MergedSetting> = {};

/** GET /api/customers/organizations/:id: the clinic with its merged featureFlags and settings maps. */
export function getClinicConfiguration(id: string, options: { signal?: AbortSignal } = {}) {
  return apiClient.get<ClinicConfigurationResponse>(
    `/api/customers/organizations/${encodeURIComponent(id)}`,
    {
      signal: options.signal,
    },
  );
}

/**
 * Keyed as the clinics feature's detail query (queryKeys.clinics.detail), so a clinic admin's change
 * of flags on the clinic page (which writes that entry) reaches the session's permissions at once.
 */
export const clinicConfigurationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.clinics.detail(id),
    queryFn: ({ signal }) => getClinicConfiguration(id, { signal }),
    staleTime: 30_000,
    meta: { silent: true },
  });

/**
 * The current clinic's merged configuration (feature flags and settings: global defaults overridden by
 * the clinic's own values). Permissions gated by flags wait for it: until it is loaded they are refused.
 */
export function useCurrentClinicConfiguration(
  currentClinic: { id: string; npi: string } | undefined,
): CurrentClinicConfiguration {
  const clinicNpi = currentClinic?.npi;
  const clinicQuery = useQuery({
    ...clinicConfigurationQueryOptions(currentClinic?.id ?? ''),
    enabled: Boolean(currentClinic),
  });
  const data = clinicQuery.data;
  const clinic = data && data.npi === clinicNpi ? data : undefined;
  const configuration = useMemo<MergedClinicConfiguration | undefined>(
    () => clinic && { featureFlags: clinic.featureFlags, settings: clinic.settings },
    [clinic],
  );
  const error = clinicNpi ? clinicQuery.error : null;
  const status: ClinicConfigurationStatus = !clinicNpi || clinic ? 'ready' : error ? 'error' : 'loading';
  return useMemo(
    () => ({
      configuration,
      featureFlags: configuration?.featureFlags ?? EMPTY_FLAGS,
      settings: configuration?.settings ?? EMPTY_SETTINGS,
      status,
      error,
    }),
    [configuration, status, error],
  );
}

import { useQuery } from '@tanstack/react-query';
import { clinicProvidersQueryOptions } from '../../../lib/clinic-providers';

/** The clinic's providers for the reassign list: the one cache entry the clinic screens share. */
export function useClinicProviders(npi: string | undefined, enabled: boolean) {
  return useQuery({
    ...clinicProvidersQueryOptions(npi ?? ''),
    enabled: enabled && Boolean(npi),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

import { useQuery } from '@tanstack/react-query';
import { getClinicProviders } from '../../../lib/clinic-providers';

export function useClinicProviders(npi: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'providers', npi],
    queryFn: ({ signal }) => getClinicProviders(npi ?? '', { signal }),
    enabled: enabled && Boolean(npi),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

import { queryOptions } from '@tanstack/react-query';
import { getClinicProviders } from '../../../lib/clinic-providers';

export function clinicProvidersQueryOptions(npi: string) {
  return queryOptions({
    queryKey: ['clinics', 'providers', npi],
    queryFn: ({ signal }) => getClinicProviders(npi, { signal }),
  });
}

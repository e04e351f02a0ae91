export { clinicProvidersQueryOptions } from '../../../lib/clinic-providers';

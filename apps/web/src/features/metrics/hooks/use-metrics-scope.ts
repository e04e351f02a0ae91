import { clinicsWherePermitted, REALTIME_EVENTS } from '@portal/domain';
import { queryKeys } from '../../../lib/query-keys';
import { useRealtimeInvalidation } from '../../../lib/realtime/use-realtime-invalidation';
import { useSession } from '../../../lib/session/session-context';

/**
 * Whether the user reads every clinic's metrics (a provider-company role held under '*'), and so sees the
 * table of clinics; clinic users read their own clinics' only.
 */
export function useReadsAllClinics(): boolean {
  const { user } = useSession();
  return clinicsWherePermitted(user.attributes, 'metrics:read') === 'all';
}

/**
 * An open metrics screen refreshes when the current clinic's documents change (another user signs, a
 * report arrives), as the inbox does.
 */
export function useLiveMetrics(): void {
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.documentsChanged, queryKeys.metrics.all);
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.resync, queryKeys.metrics.all);
}

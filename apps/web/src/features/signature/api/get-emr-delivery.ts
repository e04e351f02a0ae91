import type { EmrDelivery } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often a delivery waiting in the queue is asked about again. */
export const EMR_DELIVERY_POLL_MS = 5_000;

export function emrDeliveryApiPath(documentId: string): string {
  return `/api/reports/${encodeURIComponent(documentId)}/emr-delivery`;
}

/** GET /api/reports/:id/emr-delivery: where a signed document stands with the clinic's EMR. */
export function getEmrDelivery(
  documentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<EmrDelivery> {
  return apiClient.get<EmrDelivery>(emrDeliveryApiPath(documentId), { signal: options.signal });
}

/** Asked again every few seconds while the delivery, or the correction of an un-signed copy, waits in the queue. */
export function emrDeliveryQueryOptions(documentId: string) {
  return queryOptions({
    queryKey: queryKeys.documents.emrDelivery(documentId),
    queryFn: ({ signal }) => getEmrDelivery(documentId, { signal }),
    refetchInterval: (query) =>
      query.state.data?.state === 'queued' || query.state.data?.correction.state === 'queued'
        ? EMR_DELIVERY_POLL_MS
        : false,
  });
}

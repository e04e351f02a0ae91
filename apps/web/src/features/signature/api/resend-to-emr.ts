import type { EmrDelivery } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { emrDeliveryApiPath } from './get-emr-delivery';

/** POST /api/reports/:id/emr-delivery/resend: sends a signed document to the EMR again. */
export function resendToEmr(documentId: string): Promise<EmrDelivery> {
  return apiClient.post<EmrDelivery>(`${emrDeliveryApiPath(documentId)}/resend`);
}

/** The delivery as the server answered goes straight on screen; the caller says a refusal in its words. */
export function useResendToEmr(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendToEmr(documentId),
    meta: { silent: true },
    onSuccess: (delivery) => queryClient.setQueryData(queryKeys.documents.emrDelivery(documentId), delivery),
  });
}

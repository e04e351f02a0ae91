import { UNSIGN_FAILED_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';

/** PATCH /api/reports/:id/unsign: back to unsigned (un-sign or un-acknowledge), for a reason. */
export function unsignDocument({ id, reason }: { id: string; reason: string }): Promise<DocumentResource> {
  return apiClient.patch<DocumentResource>(`/api/reports/${encodeURIComponent(id)}/unsign`, { reason });
}

/** Shows 'signing' meanwhile and restores the prior status on failure (SPEC §4). */
export function useUnsignDocument() {
  return useDocumentAction({
    action: unsignDocument,
    optimistic: () => ({ status: 'signing' }),
    failureMessage: UNSIGN_FAILED_MESSAGE,
    name: 'unsign',
  });
}

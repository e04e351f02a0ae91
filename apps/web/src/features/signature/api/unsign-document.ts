import { UNSIGN_FAILED_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';

/** PATCH /api/reports/:id/unsign: back to unsigned (un-sign or un-acknowledge). */
export function unsignDocument({ id }: { id: string }): Promise<DocumentResource> {
  return apiClient.patch<DocumentResource>(`/api/reports/${encodeURIComponent(id)}/unsign`, {});
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

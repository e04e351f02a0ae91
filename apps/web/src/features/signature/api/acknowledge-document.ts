import { ACKNOWLEDGE_FAILED_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';
import { localTime } from './local-time';

export type AcknowledgeDocumentInput = { id: string; note: string };

/** PATCH /api/reports/:id/acknowledge. */
export function acknowledgeDocument({ id, note }: AcknowledgeDocumentInput): Promise<DocumentResource> {
  return apiClient.patch<DocumentResource>(`/api/reports/${encodeURIComponent(id)}/acknowledge`, {
    ...(note && { note }),
    localTime: localTime(),
  });
}

/** Shows 'acknowledging' at once; reverts to unsigned on failure (SPEC §4). */
export function useAcknowledgeDocument() {
  return useDocumentAction({
    action: acknowledgeDocument,
    optimistic: () => ({ status: 'acknowledging' }),
    failureMessage: ACKNOWLEDGE_FAILED_MESSAGE,
    name: 'acknowledge',
  });
}

import { ACKNOWLEDGE_FAILED_MESSAGE, type SignDocumentBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';
import { localTime } from './local-time';

export type AcknowledgeDocumentInput = { id: string; note: string };

/** PATCH /api/reports/:id/acknowledge. */
export function acknowledgeDocument({ id, note }: AcknowledgeDocumentInput): Promise<DocumentResource> {
  const body: SignDocumentBody = { ...(note && { note }), localTime: localTime() };
  return apiClient.patch<DocumentResource>(`/api/reports/${encodeURIComponent(id)}/acknowledge`, body);
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

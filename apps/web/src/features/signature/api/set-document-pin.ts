import { PIN_FAILED_MESSAGE, type PinDocumentBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';

export type SetDocumentPinInput = { id: string; isPinned: boolean };

/** PATCH /api/reports/:id/pin. */
export function setDocumentPin({ id, isPinned }: SetDocumentPinInput): Promise<DocumentResource> {
  const body: PinDocumentBody = { isPinned };
  return apiClient.patch<DocumentResource>(`/api/reports/${encodeURIComponent(id)}/pin`, body);
}

export function useSetDocumentPin() {
  return useDocumentAction({
    action: setDocumentPin,
    optimistic: (_attributes, { isPinned }) => ({ isPinned }),
    failureMessage: PIN_FAILED_MESSAGE,
    name: 'pin',
  });
}

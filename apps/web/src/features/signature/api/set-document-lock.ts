import { LOCK_FAILED_MESSAGE } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';

export type SetDocumentLockInput = { id: string; locked: boolean };

/** PATCH /api/reports/:id/lock or /unlock. */
export function setDocumentLock({ id, locked }: SetDocumentLockInput): Promise<DocumentResource> {
  return apiClient.patch<DocumentResource>(
    `/api/reports/${encodeURIComponent(id)}/${locked ? 'lock' : 'unlock'}`,
    {},
  );
}

export function useSetDocumentLock() {
  return useDocumentAction({
    action: setDocumentLock,
    optimistic: (_attributes, { locked }) => ({ locked }),
    failureMessage: LOCK_FAILED_MESSAGE,
    name: 'lock',
  });
}

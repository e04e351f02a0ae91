import { SIGN_FAILED_MESSAGE, type SignDocumentBody } from '@portal/domain';
import { apiClient } from '../../../lib/api-client';
import type { DocumentResource } from '../document-resource';
import { useDocumentAction } from './document-action';
import { localTime } from './local-time';

export type SignDocumentInput = { id: string; note: string };

/** PATCH /api/reports/:id/sign: the note is appended to the document's note (409 when no longer unsigned). */
export function signDocument({ id, note }: SignDocumentInput): Promise<DocumentResource> {
  const body: SignDocumentBody = { ...(note && { note }), appendNote: true, localTime: localTime() };
  return apiClient.patch<DocumentResource>(`/api/reports/${encodeURIComponent(id)}/sign`, body);
}

/** Shows 'signing' at once, then the result; reverts to unsigned on failure (SPEC §4). */
export function useSignDocument() {
  return useDocumentAction({
    action: signDocument,
    optimistic: () => ({ status: 'signing' }),
    failureMessage: SIGN_FAILED_MESSAGE,
    name: 'sign',
  });
}

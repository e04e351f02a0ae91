// Document messages of SPEC §5 and §8, shown verbatim.

export const SIGN_FAILED_MESSAGE = 'Error: Not all documents could be signed.';
export const ACKNOWLEDGE_FAILED_MESSAGE = 'Failed to acknowledge document.';
export const UNSIGN_FAILED_MESSAGE = 'Failed to un-sign/un-acknowledge document.';
export const REASSIGN_FAILED_MESSAGE = 'Error: Not all documents could be re-assigned.';
export const HIDE_FAILED_MESSAGE = 'API response error while hiding/showing document';
// SPEC says only "equivalent messages" for the following; they follow the hide/show wording.
export const LOCK_FAILED_MESSAGE = 'API response error while locking/unlocking document';
export const PIN_FAILED_MESSAGE = 'API response error while pinning/un-pinning document';
export const DOWNLOAD_STATE_FAILED_MESSAGE = 'API response error while setting document download status';
export const DELETE_FAILED_MESSAGE = 'API response error while deleting document';
export const UPDATE_FAILED_MESSAGE = 'API response error while updating document';
export const UPDATE_NOTE_FAILED_MESSAGE = 'API response error while updating note(s)';
export const DOCUMENTS_FETCH_ERROR_MESSAGE = 'Network error fetching documents';
export const SEARCH_FETCH_ERROR_MESSAGE = 'Network error fetching search results';

/** Bulk operations that did not all succeed (SPEC §5). */
export function formatBulkFailureMessage(succeeded: number, total: number): string {
  return `Only ${succeeded} of ${total} total documents succeeded.`;
}

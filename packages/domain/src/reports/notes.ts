import { NOTE_MAX_LENGTH } from '../common/paging-constants';

/** Notes are silently cut to 900 characters (SPEC §5). */
export function truncateNote(text: string | null | undefined): string {
  return (text ?? '').slice(0, NOTE_MAX_LENGTH);
}

/**
 * Signing appends the signer's note to the existing one with a single space, then truncates to 900
 * (SPEC §5). An empty side contributes nothing, so there is never a stray space.
 */
export function appendNote(existing: string | null | undefined, addition: string | null | undefined): string {
  return truncateNote([existing ?? '', addition ?? ''].filter((part) => part !== '').join(' '));
}

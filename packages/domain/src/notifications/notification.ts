/** The unread-only toggle starts on (SPEC §4). */
export const DEFAULT_UNREAD_ONLY = true;

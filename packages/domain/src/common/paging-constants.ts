// Paging and limit constants of SPEC §9.

export const INBOX_PAGE_SIZE = 50;
/** Refreshing the inbox re-fetches in blocks of this many documents. */
export const INBOX_REFRESH_BLOCK_SIZE = 300;
export const NOTE_MAX_LENGTH = 900;
export const NOTIFICATION_PAGE_SIZE = 25;
/** Notifications list newest first. */
export const NOTIFICATION_SORT_ORDER = 'desc';
export const TABLE_DEFAULT_ROWS = 25;
export const TABLE_DEFAULT_ORDER = 'asc';
export const UNSIGN_CONCURRENCY_LIMIT = 5;
export const DEFAULT_CONCURRENCY_LIMIT = 5;

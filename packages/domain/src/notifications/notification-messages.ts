// Notification messages of SPEC §8, shown verbatim.

export const NOTIFICATIONS_FETCH_ERROR_MESSAGE = 'Error fetching notifications';
export const MARK_READ_ERROR_MESSAGE = 'Error marking notification as read';
export const DELETE_ALL_READ_ERROR_MESSAGE = 'Error deleting all read notifications';
export const TOGGLE_READ_ERROR_MESSAGE = 'Error marking notification as read/unread';
export const DELETE_NOTIFICATION_ERROR_MESSAGE = 'Error deleting notification';
/** Subtitle of a notification whose document no longer exists. */
export const DOCUMENT_NOT_FOUND_SUBTITLE = '(document not found)';

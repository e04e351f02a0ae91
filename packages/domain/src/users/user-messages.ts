// User messages of SPEC §8.

export const USERS_FETCH_ERROR_MESSAGE = 'Error fetching list of users';
export const SET_USER_LOCK_ERROR_MESSAGE = 'Unexpected error in postSetUserLock';
export const PASSWORD_RESET_ERROR_MESSAGE = 'Unexpected error in postGetPasswordResetRedirectUrl';

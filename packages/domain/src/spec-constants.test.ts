import { describe, expect, it } from 'vitest';
import * as domain from './index';

// SPEC.md is the contract: these values are copied from it by hand, so a change to a constant that
// drifts from SPEC fails here. Each row reads through the package index, as the apps do.
const spec = domain as unknown as Record<string, unknown>;

describe('SPEC §9 constants', () => {
  it.each<[string, unknown]>([
    ['IDLE_TIMEOUT_MS', 1_200_000],
    ['IDLE_WARNING_COUNTDOWN_SECONDS', 300],
    ['ACTION_DEBOUNCE_MS', 500],
    ['RETRY_INITIAL_DELAY_MS', 1000],
    ['RETRY_MAX_RETRIES', 10],
    ['RETRYABLE_STATUS_CODES', [500, 502, 503, 504]],
    ['CACHE_TTL_MS', 600_000],
    ['NOTIFICATION_HEARTBEAT_INTERVAL_MS', 300_000],
    ['SIGN_ALL_PAGE_SIZE', 50],
    ['SIGN_ALL_PAUSE_MS', 1000],
    ['PROBLEM_REPORT_DELAY_MS', 2000],
    ['INBOX_PAGE_SIZE', 50],
    ['INBOX_REFRESH_BLOCK_SIZE', 300],
    ['NOTE_MAX_LENGTH', 900],
    ['NOTIFICATION_PAGE_SIZE', 25],
    ['NOTIFICATION_SORT_ORDER', 'desc'],
    ['TABLE_DEFAULT_ROWS', 25],
    ['TABLE_DEFAULT_ORDER', 'asc'],
    ['UNSIGN_CONCURRENCY_LIMIT', 5],
    ['DEFAULT_CONCURRENCY_LIMIT', 5],
    ['SNACKBAR_MAX_STACK', 4],
    ['SNACKBAR_AUTO_HIDE_MS', 10_000],
    ['SNACKBAR_ANCHOR', { vertical: 'bottom', horizontal: 'right' }],
    ['TOAST_DEFAULT_DURATION_MS', 5000],
    ['TOAST_MAX_VISIBLE', 3],
    ['TOAST_POSITION', 'bottom-left'],
    ['LAYOUT_HEIGHTS', { header: 64, toolbar: 40, tab: 48, divider: 10, todoPanel: 363 }],
    ['THEME_PRIMARY', '#246DA9'],
    ['DEFAULT_EMR_PDF_MAX_PAGE_LENGTH', 25],
    ['DEFAULT_COVERSHEET_TYPE', 'longitudinal'],
    ['COVERSHEET_TYPES', ['none', 'longitudinal', 'billing']],
    ['DEFAULT_PDF_PROVIDER_NOTE', 'Provider Note'],
    ['DEFAULT_SIGNATURE_LABEL', 'Reviewed by:'],
    ['DEFAULT_FOOTER_TEXT', ''],
    ['DEFAULT_BULK_SIGNING_ENABLED', true],
    ['LOG_LEVELS', { debug: 1, info: 2, warn: 3, error: 4, fatal: 5 }],
    ['DEFAULT_LOG_LEVEL', 'error'],
    ['STORAGE_SCHEMA_VERSION', '1.41.2'],
    ['DATE_FORMAT_US', 'MM/dd/yyyy hh:mm:ss aaa'],
    ['DATE_FORMAT_US_DATE', 'MM/dd/yyyy'],
    ['DATE_FORMAT_TIMESTAMP', 'yyyy/MM/dd hh:mm:ss aaa'],
    ['DATE_FORMAT_FILENAME', 'yyyy-MM-dd_HH-mm-ss'],
    ['WEEK_STARTS_ON', 1],
    ['SIGN_IN_POPUP_WIDTH', 400],
    ['SIGN_IN_POPUP_HEIGHT', 600],
    ['AUTHORIZE_TIMEOUT_MS', 60_000],
    ['HTTP_TIMEOUT_MS', 10_000],
    ['HTTP_MAX_ATTEMPTS', 3],
    ['TOKEN_EXPIRY_MARGIN_SECONDS', 60],
    ['ID_TOKEN_LEEWAY_SECONDS', 60],
    ['SESSION_COOKIE_DAYS', 1],
    ['SESSION_COOKIE_TTL_MS', 86_400_000],
    ['SILENT_LOCK_TIMEOUT_MS', 5000],
    ['SILENT_LOCK_MAX_ATTEMPTS', 10],
    ['SILENT_LOCK_REFRESH_MS', 1000],
    ['SILENT_LOCK_STALE_MS', 5000],
    ['DEFAULT_SCOPE', 'openid profile email'],
    ['OFFLINE_ACCESS_SCOPE', 'offline_access'],
    ['PKCE_VERIFIER_LENGTH', 43],
    ['DEFAULT_TOKEN_CACHE_LOCATION', 'memory'],
    ['REALTIME_ALERT_LEVELS', ['high', 'low', 'off']],
    ['REALTIME_ACTIVITY_TIMEOUT_MS', 120_000],
    ['REALTIME_PONG_TIMEOUT_MS', 30_000],
    ['REALTIME_UNAVAILABLE_TIMEOUT_MS', 10_000],
  ])('%s', (name, value) => {
    expect(spec[name]).toEqual(value);
  });
});

describe('SPEC §3 enumerations', () => {
  it.each<[string, unknown]>([
    ['SERVICE_LINES', ['any', 'rpm', 'crm', 'sleep', 'abpm', 'wcd']],
    ['DEVICE_TYPES', ['PM', 'ICD', 'ILR', 'WCD', 'Sleep', 'ABPM', 'RPM']],
    ['ALERT_LEVELS', ['high', 'medium', 'low']],
    ['STUDY_STATUSES', ['new', 'in-progress', 'ready-for-review', 'reviewed', 'cancelled']],
    ['STUDY_TYPES', ['Holter', 'Ext Holter', 'Event', 'MCT']],
    ['COMPARISON_MODES', ['percentage', 'difference']],
    ['TEMPLATES', ['default', 'af-alert']],
    ['COMMENT_STATUSES', ['user comment', 'problem reported']],
    ['COMMENT_TYPES', ['user', 'system']],
    ['NOTIFICATION_CATEGORIES', ['CRM', 'SYSTEM']],
    [
      'MANUFACTURER_NAMES',
      { BIO: 'Biotronik', BSX: 'Boston Scientific', MDT: 'Medtronic', STJ: 'St. Jude Medical', SOR: 'Sorin' },
    ],
    [
      'LEAD_CONFIGURATION_KEYS',
      { 'No Leads': 'ilr', Single: 'singleLead', Dual: 'dualLead', BiV: 'biValve' },
    ],
    [
      'DOCUMENT_STATUSES',
      ['unsigned', 'acknowledging', 'acknowledged', 'signing', 'signed', 'error', 'draft', 'unknown'],
    ],
    ['CLINIC_ROLES', ['provider', 'nurse', 'clinic-read-only', 'device-tech', 'clinic-admin']],
    ['PROVIDER_COMPANY_ROLES', ['irh-tech', 'irh-reporting', 'irh-finance', 'irh-admin', 'sys-admin']],
    [
      'ROLE_ALIASES',
      {
        physician: 'provider',
        ma: 'nurse',
        'Clinic Staff': 'nurse',
        dev: 'sys-admin',
        'System Admin': 'sys-admin',
      },
    ],
  ])('%s', (name, value) => {
    expect(spec[name]).toEqual(value);
  });

  it.each([
    ['FileMaker-30-day-ILR-Report', '30 Day'],
    ['implicity-90-day-remote-report', '90 Day'],
    ['crm-alert', 'Alert'],
    ['in-person-device-check', 'In-Person'],
    ['mcot-study', 'Mobile Cardiac Telemetry'],
    ['we-study', 'Wireless Events'],
    ['rpm-report', 'RPM'],
  ] as const)('document type %s is labelled %s', (type, label) => {
    expect(domain.DOCUMENT_TYPE_LABELS[type]).toBe(label);
  });

  it.each([
    ['a zod enum accepts a SPEC value', () => domain.documentTypeSchema.safeParse('rpm-alert').success, true],
    [
      'a zod enum rejects anything else',
      () => domain.auditEventTypeSchema.safeParse('deleted').success,
      false,
    ],
    [
      'a reaction from SPEC is accepted',
      () => domain.commentReactionSchema.safeParse('PARTY_PARROT').success,
      true,
    ],
    [
      'a notification type from SPEC is accepted',
      () => domain.notificationTypeSchema.safeParse('weekly-reminder').success,
      true,
    ],
    [
      'an OAC status from SPEC is accepted',
      () => domain.oacStatusSchema.safeParse('not-on-oac-stop-af-alerts').success,
      true,
    ],
  ])('%s', (_story, check, expected) => {
    expect(check()).toBe(expected);
  });
});

describe('SPEC messages, verbatim', () => {
  it.each<[string, unknown]>([
    ['AUTO_REASSIGN_NOTE', 'Auto-reassigning unassigned document, prior to signing'],
    ['IDLE_NOTICE_MESSAGE', 'Are you there?  Logging out due to inactivity.'],
    ['CONTINUE_WORKING_LABEL', 'Continue Working'],
    ['TIMEOUT_MESSAGE', 'Operation has timed out.'],
    ['START_DATE_NOT_DATE_MESSAGE', 'startDate is not an instance of Date'],
    ['HTTP_ERROR_MESSAGE', 'HTTP error. Unable to fetch'],
    ['SAML_USER_ID_MESSAGE', 'Input string must have exactly two "|" characters'],
    ['EMPTY_DEVICE_CATALOG_MESSAGE', 'Request succeeded but returned no data.'],
    ['INVALID_STATE_MESSAGE', 'Invalid state'],
    ['NO_QUERY_PARAMS_MESSAGE', 'There are no query params available for parsing'],
    ['POPUP_OPEN_FAILED_MESSAGE', 'Unable to open a popup'],
    ['MISSING_REFRESH_TOKEN_MESSAGE', 'Missing Refresh Token'],
    ['POPUP_CLOSED_MESSAGE', 'Popup closed'],
    ['SIGN_IN_TIMEOUT_MESSAGE', 'Timeout'],
    ['LOGIN_FAILED_MESSAGE', 'Login failed'],
    ['GET_ACCESS_TOKEN_FAILED_MESSAGE', 'Get access token failed'],
    ['NOTIFICATIONS_FETCH_ERROR_MESSAGE', 'Error fetching notifications'],
    ['MARK_READ_ERROR_MESSAGE', 'Error marking notification as read'],
    ['DELETE_ALL_READ_ERROR_MESSAGE', 'Error deleting all read notifications'],
    ['TOGGLE_READ_ERROR_MESSAGE', 'Error marking notification as read/unread'],
    ['DELETE_NOTIFICATION_ERROR_MESSAGE', 'Error deleting notification'],
    ['DOCUMENT_NOT_FOUND_SUBTITLE', '(document not found)'],
    ['SIGN_FAILED_MESSAGE', 'Error: Not all documents could be signed.'],
    ['ACKNOWLEDGE_FAILED_MESSAGE', 'Failed to acknowledge document.'],
    ['UNSIGN_FAILED_MESSAGE', 'Failed to un-sign/un-acknowledge document.'],
    ['REASSIGN_FAILED_MESSAGE', 'Error: Not all documents could be re-assigned.'],
    ['HIDE_FAILED_MESSAGE', 'API response error while hiding/showing document'],
    ['DOCUMENTS_FETCH_ERROR_MESSAGE', 'Network error fetching documents'],
    ['SEARCH_FETCH_ERROR_MESSAGE', 'Network error fetching search results'],
    ['USERS_FETCH_ERROR_MESSAGE', 'Error fetching list of users'],
    ['SET_USER_LOCK_ERROR_MESSAGE', 'Unexpected error in postSetUserLock'],
    ['PASSWORD_RESET_ERROR_MESSAGE', 'Unexpected error in postGetPasswordResetRedirectUrl'],
    ['UNKNOWN_MEDICATION_LABEL', '(unknown medication)'],
    ['DEFAULT_SAML_CONNECTION_NAME', 'UNKNOWN'],
    ['AUTH_CALLBACK_PATH', '/auth/callback'],
  ])('%s', (name, value) => {
    expect(spec[name]).toEqual(value);
  });

  it.each([
    [
      'a file that cannot be read',
      () => domain.formatFileReadError('scan.pdf'),
      'Error reading file: scan.pdf',
    ],
    [
      'an unknown user id',
      () => domain.formatUnknownUserTypeMessage('x|y'),
      'Unknown user type.  userId:x|y',
    ],
    [
      'a retry',
      () => domain.formatRetryAttemptMessage(2, 2000),
      'Retry attempt #2 failed.  Sleeping 2000ms...',
    ],
    ['giving up', () => domain.formatMaxRetriesMessage(10), 'Max 10 retries exceeded.'],
    ['parallel failures', () => domain.formatMultiErrorMessage(3), '3 errors occurred.'],
  ])('the message for %s', (_story, build, message) => {
    expect(build()).toBe(message);
  });
});

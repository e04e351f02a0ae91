// The product constants the web app uses, in one place. They come from packages/domain (SPEC §9),
// so the server and the web app cannot drift apart; only web-only choices are defined here.
export {
  ACTION_DEBOUNCE_MS,
  AUTH_CALLBACK_PATH,
  CACHE_TTL_MS,
  DEFAULT_LOG_LEVEL,
  HEADER_HEIGHT_PX,
  HTTP_ERROR_MESSAGE,
  LOG_LEVELS,
  type LogLevel,
  parseLogLevel,
  SIGNATURE_DASHBOARD_PARAMS,
  SIGNATURE_DASHBOARD_PATH,
  SNACKBAR_ANCHOR,
  SNACKBAR_AUTO_HIDE_MS,
  SNACKBAR_MAX_STACK,
  shouldLog,
  TABLE_DEFAULT_ORDER,
  TABLE_DEFAULT_ROWS,
  THEME_PRIMARY,
  TOOLBAR_HEIGHT_PX,
} from '@portal/domain';

/** Page sizes offered under the data table (web-only; the API accepts 1..100). */
export const TABLE_ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/**
 * A CSS custom property on <html>: how much of the viewport's bottom the notification toasts take (their
 * height, offset and a gap; '0px' when none show). A scrolling list near the bottom-left (the notification
 * list on a narrow screen) keeps its last row clear of them with `calc(… - var(--portal-toast-clearance, 0px))`.
 */
export const TOAST_CLEARANCE_VAR = '--portal-toast-clearance';

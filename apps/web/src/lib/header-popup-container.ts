/** The id of the app header (the banner landmark). */
export const APP_HEADER_ID = 'app-header';

/**
 * Where the header's menus (clinic picker, help, user) open: inside the header rather than at the end of
 * <body>, so their items are in the banner landmark like the buttons that open them, and a screen reader
 * finds them where it expects. Falls back to <body> when there is no header.
 */
export function getHeaderPopupContainer(): HTMLElement | null {
  return document.getElementById(APP_HEADER_ID);
}

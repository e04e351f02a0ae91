// Interface constants of SPEC §9.

export const SNACKBAR_MAX_STACK = 4;
export const SNACKBAR_AUTO_HIDE_MS = 10_000;
export const SNACKBAR_ANCHOR = { vertical: 'bottom', horizontal: 'right' } as const;

export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_MAX_VISIBLE = 3;
export const TOAST_POSITION = 'bottom-left';

export const HEADER_HEIGHT_PX = 64;
export const TOOLBAR_HEIGHT_PX = 40;
export const TAB_HEIGHT_PX = 48;
export const DIVIDER_HEIGHT_PX = 10;
export const TODO_PANEL_HEIGHT_PX = 363;
export const LAYOUT_HEIGHTS = {
  header: HEADER_HEIGHT_PX,
  toolbar: TOOLBAR_HEIGHT_PX,
  tab: TAB_HEIGHT_PX,
  divider: DIVIDER_HEIGHT_PX,
  todoPanel: TODO_PANEL_HEIGHT_PX,
} as const;

export const THEME_PRIMARY = '#246DA9';

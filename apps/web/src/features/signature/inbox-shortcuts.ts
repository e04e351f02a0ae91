/** What an inbox shortcut does. */
export type InboxShortcutAction =
  | 'next'
  | 'previous'
  | 'sign'
  | 'acknowledge'
  | 'check'
  | 'search'
  | 'zoomIn'
  | 'zoomOut'
  | 'fitWidth'
  | 'fitPage'
  | 'download'
  | 'shortcuts'
  | 'back';

/** The shortcut sheet ('?'), in the order a reader meets them. Keys as they are printed on the sheet. */
export const INBOX_SHORTCUTS: readonly {
  keys: readonly string[];
  action: InboxShortcutAction;
  label: string;
}[] = [
  { keys: ['j', '↓'], action: 'next', label: 'Open the next document' },
  { keys: ['k', '↑'], action: 'previous', label: 'Open the previous document' },
  {
    keys: ['Ctrl + Enter'],
    action: 'sign',
    label: 'Sign the open document (nurses: acknowledge); an empty note uses your quick-sign note',
  },
  { keys: ['Ctrl + Shift + Enter'], action: 'acknowledge', label: 'Acknowledge the open document' },
  { keys: ['x'], action: 'check', label: 'Check or uncheck the open document for bulk signing' },
  { keys: ['/'], action: 'search', label: 'Search patients' },
  { keys: ['+', '−'], action: 'zoomIn', label: 'Zoom the report in or out' },
  { keys: ['w'], action: 'fitWidth', label: 'Fit the report to the width' },
  { keys: ['p'], action: 'fitPage', label: 'Fit a whole page' },
  { keys: ['d'], action: 'download', label: 'Download the report' },
  { keys: ['?'], action: 'shortcuts', label: 'Show these shortcuts' },
  { keys: ['Esc'], action: 'back', label: 'Back to the list (narrow screens)' },
];

/** The part of a key event the shortcuts read. */
export type ShortcutKey = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
};

/** Where the key was pressed. */
export type ShortcutPlace = {
  /** in a text field: only Ctrl+Enter (sign) counts there */
  typing: boolean;
  /** in an open dialog or menu: the keys are theirs */
  inPopup: boolean;
  /** in the list, or nowhere in particular: the arrow keys move between documents (elsewhere they scroll) */
  arrowsMoveSelection: boolean;
};

/** The action a key press asks for, or undefined (the key is left to the page). */
export function resolveInboxShortcut(
  key: ShortcutKey,
  place: ShortcutPlace,
): InboxShortcutAction | undefined {
  if (place.inPopup) return undefined;
  const command = key.ctrlKey || key.metaKey;
  if (key.key === 'Enter' && command) return key.shiftKey ? 'acknowledge' : 'sign';
  if (command || key.altKey || place.typing) return undefined;
  switch (key.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'ArrowDown':
      return place.arrowsMoveSelection ? 'next' : undefined;
    case 'ArrowUp':
      return place.arrowsMoveSelection ? 'previous' : undefined;
    case 'x':
      return 'check';
    case '/':
      return 'search';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case 'w':
      return 'fitWidth';
    case 'p':
      return 'fitPage';
    case 'd':
      return 'download';
    case '?':
      return 'shortcuts';
    case 'Escape':
      return 'back';
    default:
      return undefined;
  }
}

/** What the sign and acknowledge shortcuts look at in the open document. */
export type ShortcutTarget = { attributes: { status: string; locked?: boolean | null } } | undefined;

/**
 * Why a signing shortcut (Ctrl+Enter, Ctrl+Shift+Enter) cannot act on the open document, said in a toast
 * rather than by doing nothing; undefined when it can act.
 */
export function whyShortcutCannotAct(
  action: 'sign' | 'acknowledge',
  document: ShortcutTarget,
  rights: { canSign: boolean; canAcknowledge: boolean },
): string | undefined {
  const may = action === 'sign' ? rights.canSign || rights.canAcknowledge : rights.canAcknowledge;
  const nothing = action === 'sign' && rights.canSign ? 'Nothing to sign' : 'Nothing to acknowledge';
  if (!may) {
    return action === 'sign'
      ? 'Your role does not sign or acknowledge documents'
      : 'Your role does not acknowledge documents';
  }
  if (!document) return `${nothing}: no document is open`;
  if (document.attributes.status === 'signed') return `${nothing}: this document is signed`;
  if (document.attributes.status === 'acknowledged') return `${nothing}: this document is acknowledged`;
  if (document.attributes.status !== 'unsigned')
    return `${nothing}: this document is not awaiting a signature`;
  if (document.attributes.locked) return `${nothing}: this document is locked`;
  return undefined;
}

import { useEffect, useRef } from 'react';
import { type InboxShortcutAction, resolveInboxShortcut } from '../inbox-shortcuts';

/** The handlers of the inbox shortcuts; one returning false leaves the key to the page. */
export type InboxKeyboardHandlers = Partial<Record<InboxShortcutAction, () => unknown>>;

/** Marks the list: arrow keys there move between documents. */
export const ARROW_KEYS_MOVE_SELECTION = 'data-inbox-arrow-keys';

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    Boolean(target.closest('input:not([type="checkbox"]), textarea, select, [contenteditable="true"]'))
  );
}

/**
 * The inbox shortcuts (inbox-shortcuts.ts), on the whole page: j/k move between documents, the arrows too
 * in the list (elsewhere they scroll), Ctrl+Enter signs even in the note, and the rest act when not typing.
 */
export function useInboxKeyboard(handlers: InboxKeyboardHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = resolveInboxShortcut(event, {
        typing: isTyping(target),
        inPopup: Boolean(
          target?.closest('[role="listbox"], [role="menu"], [role="dialog"], [role="presentation"]'),
        ),
        arrowsMoveSelection:
          !target || target === document.body || Boolean(target.closest(`[${ARROW_KEYS_MOVE_SELECTION}]`)),
      });
      const handler = action && latest.current[action];
      if (!handler) return;
      if (handler() === false) return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

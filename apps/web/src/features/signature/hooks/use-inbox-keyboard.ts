import { useEffect, useRef } from 'react';

export type InboxKeyboardHandlers = {
  onMove: (step: number) => void;
  /** Ctrl+Enter (⌘+Enter): sign, or acknowledge, the selected document. */
  onPrimaryAction: () => void;
};

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    Boolean(target.closest('input, textarea, select, [contenteditable="true"]'))
  );
}

/**
 * Inbox shortcuts: j / ArrowDown next document, k / ArrowUp previous (not while typing), and
 * Ctrl+Enter anywhere (also in the note) for the primary action.
 */
export function useInboxKeyboard(handlers: InboxKeyboardHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      // Open menus and dialogs use the keys themselves.
      if (
        event.target instanceof HTMLElement &&
        event.target.closest('[role="listbox"], [role="menu"], [role="dialog"]')
      ) {
        return;
      }
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        latest.current.onPrimaryAction();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === 'j' || event.key === 'ArrowDown') {
        event.preventDefault();
        latest.current.onMove(1);
      } else if (event.key === 'k' || event.key === 'ArrowUp') {
        event.preventDefault();
        latest.current.onMove(-1);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

import { type KeyboardEvent, type Ref, type RefObject, useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { usePermissions } from '../../lib/session/session-context';
import { listNavSections } from './nav-items';
import './nav-drawer.css';

export const NAV_DRAWER_ID = 'app-navigation';

type NavDrawerProps = {
  open: boolean;
  /** persistent beside the content on wide screens, a modal sheet on narrow ones */
  variant: 'persistent' | 'temporary';
  onClose: () => void;
  onNavigate: () => void;
  firstItemRef: Ref<HTMLAnchorElement>;
};

/** The sheet as a modal dialog (narrow screens); focusable itself, so the focus has a place on opening. */
const MODAL_SHEET_PROPS = {
  role: 'dialog',
  'aria-modal': true,
  'aria-label': 'Navigation menu',
  tabIndex: -1,
} as const;

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Makes everything outside `element` inert (the siblings of it and of each of its ancestors up to <body>),
 * as a modal needs: nothing behind it can be focused, clicked or read. Returns the undo.
 */
function makeOutsideInert(element: HTMLElement): () => void {
  const changed: Element[] = [];
  for (let node: Element = element; node !== document.body && node.parentElement; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      changed.push(sibling);
    }
  }
  return () => {
    for (const sibling of changed) sibling.removeAttribute('inert');
  };
}

/** Keeps the page behind still while the modal sheet covers it, as MUI's Modal does (scrollbar width kept). */
function lockBodyScroll(): () => void {
  const { body, documentElement } = document;
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  if (scrollbar > 0) {
    const padding = Number.parseFloat(window.getComputedStyle(body).paddingRight) || 0;
    body.style.paddingRight = `${padding + scrollbar}px`;
  }
  body.style.overflow = 'hidden';
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
  };
}

/**
 * The modal sheet's focus handling while it is open (what MUI's Modal and FocusTrap did): the rest of the
 * page inert and still, the focus moved into the sheet, and given back to where it was when it closes.
 */
function useModal(
  root: RefObject<HTMLElement | null>,
  sheet: RefObject<HTMLElement | null>,
  active: boolean,
) {
  useEffect(() => {
    const rootElement = root.current;
    const sheetElement = sheet.current;
    if (!active || !rootElement || !sheetElement) return;
    const restore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const undoInert = makeOutsideInert(rootElement);
    const unlockScroll = lockBodyScroll();
    if (!sheetElement.contains(document.activeElement)) sheetElement.focus();
    return () => {
      undoInert();
      unlockScroll();
      if (restore?.isConnected) restore.focus();
    };
  }, [root, sheet, active]);
}

/** The navigation drawer: only the pages the user's role may use at the current clinic. */
export function NavDrawer({ open, variant, onClose, onNavigate, firstItemRef }: NavDrawerProps) {
  const { can } = usePermissions();
  const sections = listNavSections(can);
  const modal = variant === 'temporary';
  const rootRef = useRef<HTMLDivElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  useModal(rootRef, sheetRef, modal && open);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!modal || !open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !sheetRef.current) return;
    // The rest of the page is inert, so Tab would leave for the browser's own controls: wrap instead.
    const items = Array.from(sheetRef.current.querySelectorAll<HTMLElement>(TABBABLE));
    const first = items[0];
    const last = items.at(-1);
    const current = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (current === first || current === sheetRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && current === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const className = [
    'nav-drawer',
    modal ? 'nav-drawer--modal' : 'nav-drawer--persistent',
    open && 'nav-drawer--open',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape and Tab of the modal sheet, caught as they bubble from inside it
    <div id={NAV_DRAWER_ID} ref={rootRef} className={className} onKeyDown={handleKeyDown}>
      {/* A pointer-only way out, like MUI's backdrop: Escape and the header's button close it by keyboard. */}
      {modal && <div className="nav-drawer__backdrop" aria-hidden="true" onClick={onClose} />}
      <div
        ref={sheetRef}
        className="nav-drawer__sheet"
        // On narrow screens the sheet is a modal dialog; it needs a name of its own.
        {...(modal && MODAL_SHEET_PROPS)}
      >
        <nav aria-label="Main navigation">
          {sections.length === 0 && (
            <p className="nav-drawer__empty ui-body2 ui-text-secondary">
              Your role has no pages in the portal yet.
            </p>
          )}
          {sections.map((section, sectionIndex) => {
            const headingId = `${NAV_DRAWER_ID}-section-${sectionIndex}`;
            return (
              <div key={section.label}>
                {/* Outside the list: a <ul> holds only <li>s, each link in its own. */}
                <div id={headingId} className="nav-drawer__subheader">
                  {section.label}
                </div>
                <ul aria-labelledby={headingId} className="nav-drawer__list">
                  {section.items.map((item, itemIndex) => (
                    <li key={item.to} className="nav-drawer__item">
                      <NavLink
                        to={item.to}
                        ref={sectionIndex === 0 && itemIndex === 0 ? firstItemRef : undefined}
                        onClick={onNavigate}
                        className="nav-drawer__link"
                      >
                        <span className="nav-drawer__icon">{item.icon}</span>
                        <span className="nav-drawer__text">
                          <span className="nav-drawer__label ui-body2">{item.label}</span>
                        </span>
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </div>
    </div>
  );
}

import {
  type CSSProperties,
  createContext,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';
import { Link, type To } from 'react-router';
import { classNames } from './class-names';
import { usePopupPosition } from './popup-position';
import './menu.css';

/** The gap between the button and its menu (the app's MUI menus had `mt: 0.5`). */
const MENU_GAP_PX = 4;

type MenuContextValue = {
  /** an item was chosen: close the menu and give the focus back to its button */
  itemActivated: () => void;
};
const MenuContext = createContext<MenuContextValue | null>(null);

export type MenuProps = {
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  children: ReactNode;
  /** which edge of the button the menu lines up with */
  align?: 'start' | 'end';
  /** on the menu's paper */
  className?: string;
  style?: CSSProperties;
  /**
   * Where the menu is put (default <body>). The header passes its own element so its menus are inside the
   * banner landmark, where axe's region rule and screen readers expect them.
   */
  container?: () => HTMLElement | null;
};

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')];
}

/** Gives the focus back to the button, unless the chosen item already moved it somewhere else. */
function restoreFocus(menu: HTMLElement | null, anchorEl: HTMLElement | null): void {
  const active = document.activeElement;
  if (!active || active === document.body || menu?.contains(active)) anchorEl?.focus();
}

/**
 * A menu opened by a button (WAI-ARIA APG menu button): the first item takes the focus, arrows, Home, End
 * and first letters move it, Escape and Tab close it and focus the button again, a click outside closes it.
 */
export function Menu(props: MenuProps) {
  const { anchorEl, open, onClose, id, children, align = 'start', className, style, container } = props;
  const menuRef = useRef<HTMLDivElement | null>(null);
  const visible = open && anchorEl !== null;
  const placement = usePopupPosition(anchorEl, menuRef, visible, { side: 'bottom', align, gap: MENU_GAP_PX });
  const placed = placement !== null;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // The press that closes the menu from its own button must not reopen it with the click that follows.
  const swallowClickOn = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!visible || !placed) return;
    const menu = menuRef.current;
    if (!menu || menu.contains(document.activeElement)) return;
    const [first] = menuItems(menu);
    (first ?? menu).focus({ preventScroll: true });
  }, [visible, placed]);

  useEffect(() => {
    if (!visible) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!target || menuRef.current?.contains(target)) return;
      if (anchorEl?.contains(target)) swallowClickOn.current = anchorEl;
      onCloseRef.current();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [visible, anchorEl]);

  // Mounted for as long as the Menu is, because the menu itself is gone by the time the click arrives.
  useEffect(() => {
    const forget = () => {
      swallowClickOn.current = null;
    };
    const onClick = (event: globalThis.MouseEvent) => {
      const button = swallowClickOn.current;
      swallowClickOn.current = null;
      if (button && event.target instanceof Node && button.contains(event.target)) {
        event.stopPropagation();
        event.preventDefault();
      }
    };
    // Registered before the menu's own listener, so a new press forgets an old one that never clicked.
    document.addEventListener('pointerdown', forget, true);
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('pointerdown', forget, true);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  if (!visible) return null;

  const closeAndRestoreFocus = () => {
    onClose();
    restoreFocus(menuRef.current, anchorEl);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = menuItems(menuRef.current);
    const focused = document.activeElement;
    const current = focused instanceof HTMLElement ? items.indexOf(focused) : -1;
    const focusAt = (index: number) => items[index]?.focus();
    if (event.key === 'ArrowDown') focusAt(current < 0 ? 0 : (current + 1) % items.length);
    else if (event.key === 'ArrowUp') focusAt(current <= 0 ? items.length - 1 : current - 1);
    else if (event.key === 'Home' || event.key === 'PageUp') focusAt(0);
    else if (event.key === 'End' || event.key === 'PageDown') focusAt(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') closeAndRestoreFocus();
    else if (
      event.key.length === 1 &&
      event.key !== ' ' &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      // The next item starting with the letter typed, after the focused one (APG menu typeahead).
      const letter = event.key.toLocaleLowerCase();
      const order = [...items.slice(current + 1), ...items.slice(0, current + 1)];
      order.find((item) => item.textContent?.trim().toLocaleLowerCase().startsWith(letter))?.focus();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const transformOrigin = `${align === 'end' ? 'right' : 'left'} ${placement?.side === 'top' ? 'bottom' : 'top'}`;
  const menu = (
    <MenuContext value={{ itemActivated: closeAndRestoreFocus }}>
      <div
        ref={menuRef}
        id={id}
        role="menu"
        tabIndex={-1}
        aria-label={props['aria-label']}
        aria-labelledby={props['aria-labelledby']}
        className={classNames('ui-menu', className)}
        style={{
          ...style,
          top: placement?.top ?? 0,
          left: placement?.left ?? 0,
          visibility: placement ? undefined : 'hidden',
          transformOrigin,
        }}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </MenuContext>
  );
  return createPortal(menu, container?.() ?? document.body);
}

export type MenuItemProps = Omit<HTMLAttributes<HTMLElement>, 'onClick'> & {
  onClick?: () => void;
  icon?: ReactNode;
  href?: string;
  target?: string;
  to?: To;
  disabled?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
};

/**
 * One item of a Menu (MUI's MenuItem with a ListItemIcon and ListItemText): a react-router link with `to`,
 * a plain link with `href`, else an action. Choosing it runs onClick, then closes the menu.
 */
export function MenuItem(props: MenuItemProps) {
  const {
    onClick,
    icon,
    href,
    target,
    to,
    disabled = false,
    children,
    className,
    onKeyDown,
    ref,
    ...rest
  } = props;
  const menu = useContext(MenuContext);
  const setRef = (element: HTMLElement | null) => {
    if (typeof ref === 'function') return ref(element);
    if (ref) ref.current = element;
  };

  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onClick?.();
    menu?.itemActivated();
  };
  const isLink = !disabled && (to !== undefined || href !== undefined);
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    // A link follows itself on Enter; a menu item also answers Space (and Enter when it is not a link).
    if (event.key === ' ' || (event.key === 'Enter' && !isLink)) {
      event.preventDefault();
      event.currentTarget.click();
    }
  };

  const common = {
    ...rest,
    ref: setRef,
    role: 'menuitem',
    tabIndex: -1,
    className: classNames('ui-menu-item', className),
    onClick: handleClick,
    onKeyDown: handleKeyDown,
  };
  const content = (
    <>
      {icon != null && <span className="ui-menu-item__icon">{icon}</span>}
      <span className="ui-menu-item__text">{children}</span>
    </>
  );
  if (isLink && to !== undefined) {
    return (
      <Link {...common} to={to} target={target}>
        {content}
      </Link>
    );
  }
  if (isLink) {
    return (
      <a {...common} href={href} target={target}>
        {content}
      </a>
    );
  }
  return (
    <div {...common} aria-disabled={disabled || undefined}>
      {content}
    </div>
  );
}

/** A line between groups of items (MUI's Divider in a menu; an <hr> is a separator). */
export function MenuDivider({ className }: { className?: string }) {
  return <hr className={classNames('ui-menu-divider', className)} />;
}

/** A label at the top of a menu that the keyboard skips (a heading the menu can be labelled by). */
export function MenuHeader({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div {...rest} className={classNames('ui-menu-header', className)} />;
}

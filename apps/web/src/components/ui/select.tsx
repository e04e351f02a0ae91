import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { visuallyHidden } from '../visually-hidden';
import { classNames } from './class-names';
import { usePopupPosition } from './popup-position';
import { FieldOutline } from './text-field';
import './menu.css';
import './select.css';

export type SelectOption<V extends string> = { value: V; label: string };

export type SelectProps<V extends string> = {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  /** the combobox's id */
  id?: string;
  /** on the root */
  className?: string;
  /** on the root */
  style?: CSSProperties;
  renderValue?: (option: SelectOption<V>) => ReactNode;
  /** the label names the combobox but is not drawn (the header's clinic picker) */
  hideLabel?: boolean;
  /**
   * Where the listbox is put (default <body>): the header passes its own element so the open listbox is
   * inside the banner landmark.
   */
  container?: () => HTMLElement | null;
};

/** How long a pause ends a typed prefix (the APG's typeahead). */
const TYPEAHEAD_RESET_MS = 500;
const PAGE_STEP = 10;

function isPrintableKey(event: KeyboardEvent): boolean {
  return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * MUI's outlined Select as an ARIA 1.2 select-only combobox (WAI-ARIA APG): the focus stays on the combobox
 * and aria-activedescendant points at the option the keyboard is on, so a dialog's focus trap around it
 * never sees the focus leave.
 */
export function Select<V extends string>(props: SelectProps<V>) {
  const {
    label,
    value,
    options,
    onChange,
    size = 'medium',
    fullWidth = false,
    disabled = false,
    className,
    style,
    renderValue,
    hideLabel = false,
    container,
  } = props;
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const labelId = `${id}-label`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The active option is drawn only once the keyboard moves; a mouse user sees the hover instead.
  const [keyboardActive, setKeyboardActive] = useState(false);
  const [focused, setFocused] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);
  // State, not a ref: the popup hook needs the element during the render that opens the listbox.
  const [control, setControl] = useState<HTMLDivElement | null>(null);
  const triggerRef = useRef<HTMLDivElement | null>(null);
  const listboxRef = useRef<HTMLDivElement | null>(null);
  const typed = useRef({ text: '', at: 0 });

  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = options[selectedIndex];
  const placement = usePopupPosition(control, listboxRef, open, {
    side: 'bottom',
    align: 'center',
    matchAnchorWidth: true,
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (target && (rootRef.current?.contains(target) || listboxRef.current?.contains(target))) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [open]);

  useEffect(() => {
    if (!open || !placement) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, placement, active, id]);

  const openAt = (index: number, byKeyboard: boolean) => {
    setActive(Math.max(0, Math.min(index, options.length - 1)));
    setKeyboardActive(byKeyboard);
    setOpen(true);
  };
  const moveTo = (index: number) => {
    setActive(Math.max(0, Math.min(index, options.length - 1)));
    setKeyboardActive(true);
  };
  const choose = (index: number) => {
    setOpen(false);
    triggerRef.current?.focus();
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
  };

  /** The option a typed prefix leads to: one letter typed again cycles through the options starting with it. */
  const findTyped = (key: string, from: number): number => {
    const now = Date.now();
    const previous = typed.current;
    const text = (now - previous.at > TYPEAHEAD_RESET_MS ? key : previous.text + key).toLocaleLowerCase();
    typed.current = { text, at: now };
    const oneLetter = [...text].every((letter) => letter === text[0]);
    const prefix = oneLetter ? text.slice(0, 1) : text;
    const start = oneLetter ? from + 1 : from;
    for (let step = 0; step < options.length; step++) {
      const index = (((start + step) % options.length) + options.length) % options.length;
      if (options[index]?.label.toLocaleLowerCase().startsWith(prefix)) return index;
    }
    return -1;
  };
  const typing = () => Date.now() - typed.current.at <= TYPEAHEAD_RESET_MS && typed.current.text !== '';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || options.length === 0) return;
    const last = options.length - 1;
    const current = Math.max(selectedIndex, 0);
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) openAt(current, true);
      else if (event.key === 'Home') openAt(0, true);
      else if (event.key === 'End') openAt(last, true);
      else if (isPrintableKey(event)) {
        const found = findTyped(event.key, current);
        openAt(found >= 0 ? found : current, true);
      } else return;
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        moveTo(active + 1);
        break;
      case 'ArrowUp':
        if (event.altKey) choose(active);
        else moveTo(active - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(last);
        break;
      case 'PageDown':
        moveTo(active + PAGE_STEP);
        break;
      case 'PageUp':
        moveTo(active - PAGE_STEP);
        break;
      case 'Enter':
        choose(active);
        break;
      case 'Escape':
        // Closes the listbox only, not a dialog the select is in.
        event.stopPropagation();
        setOpen(false);
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        if (event.key === ' ' && !typing()) choose(active);
        else if (isPrintableKey(event)) {
          const found = findTyped(event.key, active);
          if (found >= 0) moveTo(found);
        } else return;
    }
    event.preventDefault();
  };

  const shrink = focused || open || value !== '';
  const transformOrigin = placement?.side === 'top' ? 'center bottom' : 'center top';

  return (
    <div
      ref={rootRef}
      className={classNames(
        'ui-field',
        'ui-select',
        size === 'small' && 'ui-field--small',
        fullWidth && 'ui-field--full-width',
        shrink && 'ui-field--shrink',
        focused && 'ui-field--focused',
        disabled && 'ui-field--disabled',
        className,
      )}
      style={style}
    >
      <span id={labelId} className="ui-field__label" style={hideLabel ? visuallyHidden : undefined}>
        {label}
      </span>
      <div ref={setControl} className="ui-field__control ui-select__control">
        <div
          ref={triggerRef}
          id={id}
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open && options.length > 0 ? optionId(active) : undefined}
          aria-labelledby={labelId}
          aria-disabled={disabled || undefined}
          className="ui-field__input ui-select__trigger"
          onClick={() => {
            if (disabled) return;
            if (open) setOpen(false);
            else openAt(Math.max(selectedIndex, 0), false);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            setFocused(false);
            if (!(event.relatedTarget instanceof Node && listboxRef.current?.contains(event.relatedTarget))) {
              setOpen(false);
            }
          }}
        >
          {selected ? (renderValue ? renderValue(selected) : selected.label) : null}
        </div>
        <svg
          className={classNames('ui-select__icon', open && 'ui-select__icon--open')}
          viewBox="0 0 24 24"
          focusable="false"
          aria-hidden="true"
        >
          <path d="m7 10 5 5 5-5z" />
        </svg>
        <FieldOutline label={hideLabel ? '' : label} notched={shrink && !hideLabel} />
      </div>
      {open &&
        createPortal(
          // The focus stays on the combobox (aria-activedescendant): a press here must not take it away.
          <div
            ref={listboxRef}
            id={listboxId}
            role="listbox"
            aria-labelledby={labelId}
            className="ui-menu ui-select__listbox"
            style={{
              top: placement?.top ?? 0,
              left: placement?.left ?? 0,
              visibility: placement ? undefined : 'hidden',
              transformOrigin,
            }}
            onMouseDown={(event) => event.preventDefault()}
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the combobox keeps the focus and handles the keyboard for its options (aria-activedescendant)
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                className={classNames(
                  'ui-menu-item',
                  'ui-select__option',
                  option.value === value && 'ui-menu-item--selected',
                  keyboardActive && index === active && 'ui-menu-item--active',
                )}
                onClick={() => choose(index)}
                onMouseMove={() => {
                  if (index !== active) setActive(index);
                }}
              >
                {option.label}
              </div>
            ))}
          </div>,
          container?.() ?? document.body,
        )}
    </div>
  );
}

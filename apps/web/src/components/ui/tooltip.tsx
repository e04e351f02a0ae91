import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { visuallyHidden } from '../visually-hidden';
import { classNames } from './class-names';
import { usePopupPosition } from './popup-position';
import './tooltip.css';

/** MUI's enterDelay: a pointer passing over a control does not flash its tooltip. */
const ENTER_DELAY_MS = 100;
/** MUI's tooltip sits 14 px from its control. */
const TOOLTIP_GAP_PX = 14;
const VIEWPORT_MARGIN_PX = 8;

export type TooltipProps = {
  title: string;
  children: ReactElement;
  /** the title describes the control (aria-describedby) instead of naming it (aria-label) */
  describeChild?: boolean;
  placement?: 'bottom' | 'top';
};

/** The props the tooltip reads and sets on its child. */
type TooltipChildProps = {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** Only a keyboard focus shows the tooltip (MUI's focus-visible rule); a click's focus does not. */
function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without :focus-visible: every focus counts.
    return true;
  }
}

/**
 * MUI's Tooltip: shown after a short hover or on keyboard focus, hidden on leave, blur or Escape. The bubble
 * is hidden from assistive technology; the title reaches it as the child's aria-label (or, with
 * describeChild, its description), so it is read once, with the control.
 */
export function Tooltip({ title, children, describeChild = false, placement = 'bottom' }: TooltipProps) {
  const child = children as ReactElement<TooltipChildProps>;
  const childProps = child.props;
  const descriptionId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const bubbleRef = useRef<HTMLDivElement | null>(null);
  const enterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showing = open && title !== '';
  const position = usePopupPosition(anchor, bubbleRef, showing, {
    side: placement,
    align: 'center',
    gap: TOOLTIP_GAP_PX,
    margin: VIEWPORT_MARGIN_PX,
  });

  const childRef = childProps.ref;
  const setChildRef = useCallback(
    (element: HTMLElement | null) => {
      setAnchor(element);
      assignRef(childRef, element);
    },
    [childRef],
  );

  const show = () => {
    clearTimeout(enterTimer.current);
    setOpen(true);
  };
  const hide = () => {
    clearTimeout(enterTimer.current);
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(enterTimer.current), []);

  useEffect(() => {
    if (!showing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [showing]);

  const names: Pick<TooltipChildProps, 'aria-label' | 'aria-describedby'> = describeChild
    ? { 'aria-describedby': classNames(childProps['aria-describedby'], descriptionId) }
    : { 'aria-label': childProps['aria-label'] ?? title };

  const trigger = cloneElement(child, {
    ...names,
    ref: setChildRef,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerEnter?.(event);
      // A touch is a tap on the control, not a hover.
      if (event.pointerType === 'touch') return;
      clearTimeout(enterTimer.current);
      enterTimer.current = setTimeout(() => setOpen(true), ENTER_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      childProps.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      childProps.onFocus?.(event);
      if (isFocusVisible(event.currentTarget)) show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      childProps.onBlur?.(event);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {describeChild && (
        <span id={descriptionId} style={visuallyHidden}>
          {title}
        </span>
      )}
      {showing &&
        createPortal(
          <div
            ref={bubbleRef}
            aria-hidden="true"
            className={classNames('ui-tooltip', position?.side === 'top' && 'ui-tooltip--top')}
            style={{
              top: position?.top ?? 0,
              left: position?.left ?? 0,
              visibility: position ? undefined : 'hidden',
            }}
          >
            {title}
          </div>,
          document.body,
        )}
    </>
  );
}

import {
  type InputHTMLAttributes,
  type Ref,
  type RefCallback,
  useCallback,
  useLayoutEffect,
  useRef,
} from 'react';
import './checkbox.css';
import { classNames } from './class-names';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> & {
  indeterminate?: boolean;
  size?: 'small' | 'medium';
  ref?: Ref<HTMLInputElement>;
};

// MUI's CheckBoxOutlineBlank, CheckBox and IndeterminateCheckBox icons.
const BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z';
const INDETERMINATE =
  'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2zm-2 10H7v-2h10v2z';

/** Points both our ref and the caller's at the input, keeping the caller's ref cleanup (React 19). */
function useInputRef(ref: Ref<HTMLInputElement> | undefined) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const setRef = useCallback<RefCallback<HTMLInputElement>>(
    (node) => {
      inputRef.current = node;
      const cleanup = typeof ref === 'function' ? ref(node) : undefined;
      if (ref && typeof ref === 'object') ref.current = node;
      return () => {
        inputRef.current = null;
        if (typeof cleanup === 'function') cleanup();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref],
  );
  return [inputRef, setRef] as const;
}

/**
 * A native checkbox drawn like MUI's: the input, transparent, covers the whole round hit area (42px, 38px
 * small) so it gets the clicks, the keyboard and the focus; the box icon under it follows its
 * :checked and :indeterminate state. `className` and `style` go on the round root, every other prop
 * (name, aria-label, checked, onChange …) on the input.
 */
export function Checkbox({
  indeterminate = false,
  size = 'medium',
  className,
  style,
  disabled,
  onChange,
  ref,
  ...rest
}: CheckboxProps) {
  const [inputRef, setRef] = useInputRef(ref);
  // `indeterminate` exists only as a DOM property. A layout effect, so the icon never shows the wrong state.
  useLayoutEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = indeterminate;
  }, [indeterminate, inputRef]);
  return (
    <span
      className={classNames(
        'ui-checkbox',
        `ui-checkbox--${size}`,
        disabled && 'ui-checkbox--disabled',
        className,
      )}
      style={style}
    >
      <input
        {...rest}
        ref={setRef}
        type="checkbox"
        className="ui-checkbox__input"
        disabled={disabled}
        onChange={(event) => {
          onChange?.(event);
          // A click clears the native indeterminate state; the prop stays the truth until it changes.
          event.currentTarget.indeterminate = indeterminate;
        }}
      />
      <svg className="ui-checkbox__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path className="ui-checkbox__blank" d={BLANK} />
        <path className="ui-checkbox__checked" d={CHECKED} />
        <path className="ui-checkbox__indeterminate" d={INDETERMINATE} />
      </svg>
    </span>
  );
}

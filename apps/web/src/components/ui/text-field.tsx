import {
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { classNames } from './class-names';
import './text-field.css';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  size?: 'small' | 'medium';
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** on the root */
  className?: string;
  /** on the root */
  style?: CSSProperties;
};

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The outline with its notch (MUI's NotchedOutline): a fieldset whose legend holds an invisible copy of the
 * label at the shrunk size, so the border breaks exactly where the floating label sits.
 */
export function FieldOutline({ label, notched }: { label: ReactNode; notched: boolean }) {
  return (
    <fieldset aria-hidden="true" className="ui-field__outline">
      <legend className={classNames('ui-field__legend', notched && 'ui-field__legend--notched')}>
        <span>{label}</span>
      </legend>
    </fieldset>
  );
}

/** MUI's outlined TextField: the label floats onto the outline when the field is focused, filled or adorned. */
export function TextField(props: TextFieldProps) {
  const {
    label,
    size = 'medium',
    startAdornment,
    endAdornment,
    helperText,
    error = false,
    fullWidth = false,
    inputRef,
    className,
    style,
    id: idProp,
    type = 'text',
    value,
    required,
    disabled,
    onFocus,
    onBlur,
    onChange,
    'aria-describedby': describedBy,
    ...inputProps
  } = props;
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  const input = useRef<HTMLInputElement | null>(null);
  const [focused, setFocused] = useState(false);
  const [uncontrolledFilled, setUncontrolledFilled] = useState(false);
  const controlled = value !== undefined;
  const filled = controlled ? value !== null && String(value) !== '' : uncontrolledFilled;

  // An uncontrolled field can start with a value (defaultValue, or the browser restoring the form).
  useLayoutEffect(() => {
    if (!controlled) setUncontrolledFilled(Boolean(input.current?.value));
  }, [controlled]);

  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      assignRef(inputRef, element);
    },
    [inputRef],
  );

  const shrink = focused || filled || startAdornment != null;
  const labelText = required ? `${label}\u2009*` : label;

  return (
    <div
      className={classNames(
        'ui-field',
        size === 'small' && 'ui-field--small',
        fullWidth && 'ui-field--full-width',
        shrink && 'ui-field--shrink',
        focused && 'ui-field--focused',
        error && 'ui-field--error',
        disabled && 'ui-field--disabled',
        startAdornment != null && 'ui-field--adorned-start',
        endAdornment != null && 'ui-field--adorned-end',
        className,
      )}
      style={style}
    >
      <label id={labelId} htmlFor={id} className="ui-field__label">
        {label}
        {required && (
          <span aria-hidden="true" className="ui-field__asterisk">
            {'\u2009*'}
          </span>
        )}
      </label>
      {/* A click on the padding or an adornment puts the caret in the input, as MUI's InputBase does. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the input itself takes the keyboard; this only forwards pointer clicks to it. */}
      <div
        className="ui-field__control"
        onClick={(event: MouseEvent<HTMLDivElement>) => {
          if (event.target !== input.current && !disabled) input.current?.focus();
        }}
      >
        {startAdornment != null && (
          <div className="ui-field__adornment ui-field__adornment--start">{startAdornment}</div>
        )}
        <input
          {...inputProps}
          ref={setInput}
          id={id}
          type={type}
          value={value}
          required={required}
          disabled={disabled}
          aria-invalid={error || undefined}
          aria-describedby={classNames(describedBy, helperText != null && helperId) || undefined}
          className="ui-field__input"
          onFocus={(event: FocusEvent<HTMLInputElement>) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            setFocused(false);
            onBlur?.(event);
          }}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            if (!controlled) setUncontrolledFilled(event.target.value !== '');
            onChange?.(event);
          }}
        />
        {endAdornment != null && (
          <div className="ui-field__adornment ui-field__adornment--end">{endAdornment}</div>
        )}
        <FieldOutline label={labelText} notched={shrink} />
      </div>
      {helperText != null && (
        <p id={helperId} className="ui-field__helper">
          {helperText}
        </p>
      )}
    </div>
  );
}

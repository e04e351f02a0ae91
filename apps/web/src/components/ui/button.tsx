import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type To } from 'react-router';
import './button-base.css';
import './button.css';
import { classNames } from './class-names';

/** The props that decide how a button looks, shared by `Button` and `ButtonLink`. */
type ButtonLook = {
  variant?: 'text' | 'outlined' | 'contained';
  color?: 'primary' | 'inherit' | 'error' | 'warning' | 'success' | 'info';
  size?: 'small' | 'medium' | 'large';
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  fullWidth?: boolean;
};

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> &
  ButtonLook & { ref?: Ref<HTMLButtonElement> };

// Typed as an anchor's attributes (its handlers get an HTMLAnchorElement), plus `disabled`, which a link
// does not have natively.
export type ButtonLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'href' | 'type'> &
  ButtonLook & {
    to: To;
    replace?: boolean;
    state?: unknown;
    disabled?: boolean;
    ref?: Ref<HTMLAnchorElement>;
  };

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> & {
  size?: 'small' | 'medium' | 'large';
  color?: 'default' | 'inherit' | 'primary' | 'error';
  edge?: 'start' | 'end' | false;
  ref?: Ref<HTMLButtonElement>;
};

function buttonClassName(
  { variant = 'text', color = 'primary', size = 'medium', fullWidth }: ButtonLook,
  disabled: boolean | undefined,
  className: string | undefined,
): string {
  return classNames(
    'ui-button',
    `ui-button--${variant}`,
    `ui-button--${color}`,
    `ui-button--${size}`,
    fullWidth && 'ui-button--full-width',
    disabled && 'ui-button--disabled',
    className,
  );
}

function ButtonContent({
  startIcon,
  endIcon,
  children,
}: {
  startIcon: ReactNode;
  endIcon: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {startIcon != null && <span className="ui-button__icon ui-button__icon--start">{startIcon}</span>}
      {children}
      {endIcon != null && <span className="ui-button__icon ui-button__icon--end">{endIcon}</span>}
    </>
  );
}

/** MUI's Button: text, outlined or contained, in a palette colour. */
export function Button({
  variant,
  color,
  size,
  startIcon,
  endIcon,
  fullWidth,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      // A button inside a form must not submit it unless asked to.
      type={type}
      disabled={disabled}
      className={buttonClassName({ variant, color, size, fullWidth }, disabled, className)}
    >
      <ButtonContent startIcon={startIcon} endIcon={endIcon}>
        {children}
      </ButtonContent>
    </button>
  );
}

/** A react-router link drawn as a `Button`: it navigates in the app and is still a link (new tab, copy). */
export function ButtonLink({
  to,
  replace,
  state,
  disabled,
  variant,
  color,
  size,
  startIcon,
  endIcon,
  fullWidth,
  className,
  tabIndex,
  onClick,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      {...rest}
      to={to}
      replace={replace}
      state={state}
      className={buttonClassName({ variant, color, size, fullWidth }, disabled, className)}
      // A link cannot be disabled natively: take it out of the tab order and ignore clicks, as MUI does.
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : tabIndex}
      onClick={(event) => {
        if (disabled) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      <ButtonContent startIcon={startIcon} endIcon={endIcon}>
        {children}
      </ButtonContent>
    </Link>
  );
}

/** MUI's IconButton: a round button around one icon. Give it an `aria-label`. */
export function IconButton({
  size = 'medium',
  color = 'default',
  edge = false,
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={classNames(
        'ui-icon-button',
        `ui-icon-button--${size}`,
        `ui-icon-button--${color}`,
        edge && `ui-icon-button--edge-${edge}`,
        className,
      )}
    >
      {children}
    </button>
  );
}

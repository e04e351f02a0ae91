import {
  type CSSProperties,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
import './chip.css';
import { classNames } from './class-names';

export type ChipProps = Omit<HTMLAttributes<HTMLSpanElement>, 'color' | 'children'> & {
  label: ReactNode;
  size?: 'small' | 'medium';
  variant?: 'filled' | 'outlined';
  color?: 'default' | 'primary' | 'error' | 'warning' | 'info' | 'success';
  icon?: ReactElement;
  className?: string;
  style?: CSSProperties;
  title?: string;
  'aria-label'?: string;
  'aria-hidden'?: boolean;
};

type IconElementProps = { className?: string; color?: string };

/**
 * MUI's Chip without onClick or onDelete: a label in a pill. A span, so that it may sit in a line of text
 * or a button.
 */
export function Chip({
  label,
  size = 'medium',
  variant = 'filled',
  color = 'default',
  icon,
  className,
  ...rest
}: ChipProps) {
  let iconElement: ReactNode = null;
  if (isValidElement<IconElementProps>(icon)) {
    // As in MUI, an icon without a colour of its own takes the chip's (grey on a default chip).
    const ownColor = icon.props.color !== undefined && icon.props.color !== color;
    iconElement = cloneElement(icon, {
      className: classNames(icon.props.className, 'ui-chip__icon', !ownColor && 'ui-chip__icon--chip-color'),
    });
  }
  return (
    <span
      {...rest}
      className={classNames(
        'ui-chip',
        `ui-chip--${size}`,
        `ui-chip--${variant}`,
        `ui-chip--${color}`,
        className,
      )}
    >
      {iconElement}
      <span className="ui-chip__label">{label}</span>
    </span>
  );
}

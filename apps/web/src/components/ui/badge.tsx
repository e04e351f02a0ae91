import type { HTMLAttributes, ReactNode } from 'react';
import './badge.css';
import { classNames } from './class-names';

export type BadgeProps = Omit<HTMLAttributes<HTMLSpanElement>, 'color' | 'children' | 'aria-hidden'> & {
  badgeContent?: number;
  max?: number;
  color?: 'primary' | 'error';
  showZero?: boolean;
  children: ReactNode;
  className?: string;
  'aria-hidden'?: boolean | 'true';
};

/**
 * MUI's Badge: a count in a pill on the top right corner of its child; `max` + 1 and more show as "99+".
 * The pill is aria-hidden as in MUI: say the count in the control's accessible name instead.
 */
export function Badge({
  badgeContent,
  max = 99,
  color = 'primary',
  showZero = false,
  children,
  className,
  ...rest
}: BadgeProps) {
  const invisible = badgeContent === undefined || (badgeContent === 0 && !showZero);
  const display = invisible ? null : badgeContent > max ? `${max}+` : String(badgeContent);
  return (
    <span {...rest} className={classNames('ui-badge', className)}>
      {children}
      <span
        className={classNames(
          'ui-badge__badge',
          `ui-badge__badge--${color}`,
          invisible && 'ui-badge__badge--invisible',
        )}
        aria-hidden="true"
      >
        {display}
      </span>
    </span>
  );
}

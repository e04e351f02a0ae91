import type { ComponentType } from 'react';
import type { IconProps } from './ui/icon';
import { ErrorIcon, InfoOutlinedIcon, WarningIcon } from './ui/icons';
import './alert-badge.css';

/** How an alert level looks: a colour, an icon of its own shape and its name, so colour is never the only cue. */
export const ALERT_LEVEL_STYLES: Record<
  string,
  { label: string; color: 'error' | 'warning' | 'info'; Icon: ComponentType<IconProps> }
> = {
  high: { label: 'High', color: 'error', Icon: ErrorIcon },
  medium: { label: 'Medium', color: 'warning', Icon: WarningIcon },
  low: { label: 'Low', color: 'info', Icon: InfoOutlinedIcon },
};

/** An alert level's name in words ('High alert'), for what a screen reader hears and for titles. */
export function formatAlertLevel(level: string | null | undefined): string {
  if (!level) return '';
  return `${ALERT_LEVEL_STYLES[level]?.label ?? level} alert`;
}

/**
 * The alert level as a compact badge: a high alert is filled red (nothing else on the screen is), medium
 * and low are outlined in their own colour, each with its own icon and its name.
 */
export function AlertBadge({ level, size = 'small' }: { level: string; size?: 'small' | 'medium' }) {
  const style = ALERT_LEVEL_STYLES[level] ?? { label: level, color: 'warning' as const, Icon: WarningIcon };
  const { Icon } = style;
  const classes = [
    'alert-badge',
    `alert-badge--${size}`,
    `alert-badge--${style.color}`,
    level === 'high' && 'alert-badge--high',
  ];
  return (
    <span data-alert-level={level} className={classes.filter(Boolean).join(' ')}>
      <Icon fontSize="inherit" className="alert-badge__icon" aria-hidden />
      {style.label}
    </span>
  );
}

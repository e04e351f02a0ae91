import type { CSSProperties, HTMLAttributes } from 'react';
import './linear-progress.css';
import { classNames } from './class-names';

export type LinearProgressProps = Omit<HTMLAttributes<HTMLSpanElement>, 'color' | 'children'> & {
  /** 0–100: a determinate bar. Without it the bar is indeterminate (animated). */
  value?: number;
  'aria-label'?: string;
  className?: string;
  style?: CSSProperties;
  color?: 'primary' | 'inherit';
};

/** MUI's LinearProgress: a 4px bar, determinate when `value` is given, else indeterminate. */
export function LinearProgress({ value, color = 'primary', className, ...rest }: LinearProgressProps) {
  const determinate = value !== undefined;
  const percent = determinate ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <span
      {...rest}
      role="progressbar"
      aria-valuenow={determinate ? percent : undefined}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      className={classNames(
        'ui-linear-progress',
        `ui-linear-progress--${color}`,
        determinate ? 'ui-linear-progress--determinate' : 'ui-linear-progress--indeterminate',
        className,
      )}
    >
      <span
        className="ui-linear-progress__bar ui-linear-progress__bar1"
        style={determinate ? { transform: `translateX(${percent - 100}%)` } : undefined}
      />
      {!determinate && <span className="ui-linear-progress__bar ui-linear-progress__bar2" />}
    </span>
  );
}

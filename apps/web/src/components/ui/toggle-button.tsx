import {
  type ButtonHTMLAttributes,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  useContext,
} from 'react';
import './button-base.css';
import './toggle-button.css';
import { classNames } from './class-names';

type ToggleSize = 'small' | 'medium';

const GroupSizeContext = createContext<ToggleSize | undefined>(undefined);

export type ToggleButtonGroupProps = Omit<HTMLAttributes<HTMLDivElement>, 'children'> & {
  'aria-label': string;
  size?: ToggleSize;
  children: ReactNode;
  className?: string;
};

export type ToggleButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange'> & {
  selected: boolean;
  onChange: () => void;
  size?: ToggleSize;
  ref?: Ref<HTMLButtonElement>;
};

/** MUI's ToggleButtonGroup: joined toggle buttons in a labelled group; its size is its buttons'. */
export function ToggleButtonGroup({ size, children, className, ...rest }: ToggleButtonGroupProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border, padding and min-width of its own and wants a legend; MUI's group is a div too
    <div {...rest} role="group" className={classNames('ui-toggle-group', className)}>
      <GroupSizeContext.Provider value={size}>{children}</GroupSizeContext.Provider>
    </div>
  );
}

/**
 * MUI's ToggleButton (color="primary"): a button with aria-pressed. The caller owns the state: a click
 * calls onClick, then onChange unless onClick prevented the default, as MUI does.
 */
export function ToggleButton({
  selected,
  onChange,
  size,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ToggleButtonProps) {
  const groupSize = useContext(GroupSizeContext);
  const resolvedSize = size ?? groupSize ?? 'medium';
  return (
    <button
      {...rest}
      type={type}
      aria-pressed={selected}
      className={classNames(
        'ui-toggle-button',
        `ui-toggle-button--${resolvedSize}`,
        selected && 'ui-toggle-button--selected',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onChange();
      }}
    >
      {children}
    </button>
  );
}

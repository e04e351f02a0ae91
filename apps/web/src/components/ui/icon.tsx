import type { CSSProperties, ReactNode } from 'react';
import './icon.css';

export type IconProps = {
  fontSize?: 'inherit' | 'small' | 'medium' | 'large';
  color?: 'inherit' | 'primary' | 'error' | 'warning' | 'info' | 'success' | 'action' | 'disabled';
  className?: string;
  style?: CSSProperties;
  /** An icon is decoration unless it has a title: hidden from assistive technology by default. */
  'aria-hidden'?: boolean;
  /** The icon's accessible name, for an icon that means something on its own. */
  titleAccess?: string;
};

/** A 24×24 Material icon drawn at the text's size, like MUI's SvgIcon (1.5rem; small 1.25rem, large 2.1875rem). */
export function createIcon(name: string, shapes: ReactNode) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per icon at module level (icons.tsx), never during a render
  function Icon({ fontSize = 'medium', color, className, style, titleAccess, ...rest }: IconProps) {
    const classes = ['ui-icon', `ui-icon--${fontSize}`, color && `ui-icon--${color}`, className];
    return (
      // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; an icon with titleAccess gets its <title>
      <svg
        className={classes.filter(Boolean).join(' ')}
        style={style}
        viewBox="0 0 24 24"
        focusable="false"
        aria-hidden={titleAccess ? undefined : (rest['aria-hidden'] ?? true)}
        role={titleAccess ? 'img' : undefined}
        data-icon={name}
      >
        {titleAccess && <title>{titleAccess}</title>}
        {shapes}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

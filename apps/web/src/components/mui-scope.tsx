import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { theme } from './mui-theme';

/**
 * The MUI theme for a part of the portal drawn with MUI. The first screen (header, navigation, the inbox
 * list) is drawn with the plain-CSS kit in components/ui, so MUI and emotion stay out of its JavaScript
 * (issue 11 §10); every part loaded later with import() — a route's page, a dialog, the document panel —
 * brings MUI with it and is wrapped in this scope (router.tsx, lazy-component.tsx). The page baseline that
 * CssBaseline gave is in components/ui/tokens.css.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** `Component` inside the MUI theme (made once per loaded module, never during a render). */
export function withMuiScope<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function Scoped(props: Props) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  Scoped.displayName = `MuiScope(${Component.displayName ?? Component.name})`;
  return Scoped;
}

import type { ReactNode } from 'react';
import './page-message.css';

type PageMessageProps = {
  icon?: ReactNode;
  heading: string;
  children?: ReactNode;
  /** polite live region, for messages that appear while work happens (e.g. sign-in) */
  live?: boolean;
  /** h1 on pages outside the layout (which otherwise gives the page its h1). */
  headingComponent?: 'h1' | 'h2';
};

/**
 * A centred card for pages that only say something: not found, not built yet, in progress. Plain CSS, not
 * MUI: the start-up and sign-in screens show it before anything else (issue 11 §10).
 */
export function PageMessage({
  icon,
  heading,
  children,
  live = false,
  headingComponent: Heading = 'h2',
}: PageMessageProps) {
  return (
    <div className="page-message" role={live ? 'status' : undefined}>
      {icon && <div className="page-message__icon">{icon}</div>}
      <Heading className="page-message__heading">{heading}</Heading>
      {children}
    </div>
  );
}

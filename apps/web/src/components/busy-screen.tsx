import { PageMessage } from './page-message';
import { StandalonePage } from './standalone-page';
import { HourglassTopIcon } from './ui/icons';
import { LinearProgress } from './ui/linear-progress';
import './busy-screen.css';

/** A whole-page 'please wait' outside the signed-in layout: starting, signing in or out, loading the profile. */
export function BusyScreen({ message }: { message: string }) {
  return (
    <StandalonePage>
      <PageMessage icon={<HourglassTopIcon />} heading={message} headingComponent="h1" live>
        <LinearProgress aria-label={message} className="busy-screen__progress" />
      </PageMessage>
    </StandalonePage>
  );
}

import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LinearProgress from '@mui/material/LinearProgress';
import { PageMessage } from './page-message';
import { StandalonePage } from './standalone-page';

/** A whole-page 'please wait' outside the signed-in layout: starting, signing in or out, loading the profile. */
export function BusyScreen({ message }: { message: string }) {
  return (
    <StandalonePage>
      <PageMessage icon={<HourglassTopIcon />} heading={message} headingComponent="h1" live>
        <LinearProgress aria-label={message} sx={{ mt: 3 }} />
      </PageMessage>
    </StandalonePage>
  );
}

import WavingHandIcon from '@mui/icons-material/WavingHandOutlined';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router';
import { PageMessage } from '../components/page-message';
import { useSession } from '../lib/session/session-context';
import { findHomePath } from './layout/nav-items';

/** For roles with no page yet (device technicians, provider-company finance staff). */
export function WelcomePage() {
  const { displayName, currentClinic } = useSession();
  return (
    <PageMessage icon={<WavingHandIcon />} heading="Your role has no pages here yet">
      <Typography sx={{ mb: 1.5 }}>
        You are signed in as <strong>{displayName}</strong>
        {currentClinic ? (
          <>
            {' '}
            at <strong>{currentClinic.name}</strong>
          </>
        ) : null}
        .
      </Typography>
      <Typography color="textSecondary">
        The pages for your role are not in the portal yet, so there is nothing to open here for now. When they
        arrive they will appear in the navigation menu. If you expected to see documents or administration
        pages, ask your administrator to check your role.
      </Typography>
    </PageMessage>
  );
}

/** '/': the user's first page, or the welcome page when their role has none. */
export function HomePage() {
  const { can, user } = useSession();
  const home = findHomePath(can, user.attributes.homePage);
  return home ? <Navigate to={home} replace /> : <WelcomePage />;
}

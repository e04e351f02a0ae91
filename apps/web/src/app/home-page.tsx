import { Navigate } from 'react-router';
import { PageMessage } from '../components/page-message';
import { WavingHandOutlinedIcon } from '../components/ui/icons';
import { useSession } from '../lib/session/session-context';
import { findHomePath } from './layout/nav-items';
import './home-page.css';

/** For roles with no page yet (device technicians, provider-company finance staff). */
export function WelcomePage() {
  const { displayName, currentClinic } = useSession();
  return (
    <PageMessage icon={<WavingHandOutlinedIcon />} heading="Your role has no pages here yet">
      <p className="ui-body1 home-page__signed-in-as">
        You are signed in as <strong>{displayName}</strong>
        {currentClinic ? (
          <>
            {' '}
            at <strong>{currentClinic.name}</strong>
          </>
        ) : null}
        .
      </p>
      <p className="ui-body1 ui-text-secondary page-message__text">
        The pages for your role are not in the portal yet, so there is nothing to open here for now. When they
        arrive they will appear in the navigation menu. If you expected to see documents or administration
        pages, ask your administrator to check your role.
      </p>
    </PageMessage>
  );
}

/** '/': the user's first page, or the welcome page when their role has none. */
export function HomePage() {
  const { can, user } = useSession();
  const home = findHomePath(can, user.attributes.homePage);
  return home ? <Navigate to={home} replace /> : <WelcomePage />;
}

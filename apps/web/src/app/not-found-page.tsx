import { useLocation } from 'react-router';
import { PageMessage } from '../components/page-message';
import { ButtonLink } from '../components/ui/button';
import { SearchOffIcon } from '../components/ui/icons';
import './not-found-page.css';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageMessage icon={<SearchOffIcon />} heading="Page not found">
      <p className="ui-body1 ui-text-secondary page-message__text page-message__text--before-actions not-found-page__text">
        There is no page at <code>{pathname}</code>. Check the address, or go to the start page.
      </p>
      <ButtonLink to="/" variant="contained">
        Go to the start page
      </ButtonLink>
    </PageMessage>
  );
}

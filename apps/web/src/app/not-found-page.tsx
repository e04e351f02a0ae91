import SearchOffIcon from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageMessage } from '../components/page-message';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageMessage icon={<SearchOffIcon />} heading="Page not found">
      <Typography color="textSecondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        There is no page at <code>{pathname}</code>. Check the address, or go to the start page.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the start page
      </Button>
    </PageMessage>
  );
}

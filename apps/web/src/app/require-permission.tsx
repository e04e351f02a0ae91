import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PermissionName } from '@portal/domain';
import { Outlet, Link as RouterLink } from 'react-router';
import { PageMessage } from '../components/page-message';
import { usePermissions } from '../lib/session/session-context';

export const NO_ACCESS_HEADING = 'You do not have access to this page';

export function NoAccessPage() {
  return (
    <PageMessage icon={<BlockIcon />} heading={NO_ACCESS_HEADING}>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Your role at the current clinic does not include this page. If you need it, ask your clinic
        administrator. Another clinic in the clinic picker may give you access.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the start page
      </Button>
    </PageMessage>
  );
}

/**
 * Opens its pages only with the permission at the current clinic; otherwise says so. The server
 * refuses the data anyway: this keeps the screen honest.
 */
export function RequirePermission({ permission }: { permission: PermissionName }) {
  const { can } = usePermissions();
  return can(permission) ? <Outlet /> : <NoAccessPage />;
}

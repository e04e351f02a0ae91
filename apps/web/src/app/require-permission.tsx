import type { PermissionName } from '@portal/domain';
import { Outlet } from 'react-router';
import { PageMessage } from '../components/page-message';
import { ButtonLink } from '../components/ui/button';
import { BlockIcon } from '../components/ui/icons';
import { usePermissions } from '../lib/session/session-context';

export const NO_ACCESS_HEADING = 'You do not have access to this page';

export function NoAccessPage() {
  return (
    <PageMessage icon={<BlockIcon />} heading={NO_ACCESS_HEADING}>
      <p className="ui-body1 ui-text-secondary page-message__text page-message__text--before-actions">
        Your role at the current clinic does not include this page. If you need it, ask your clinic
        administrator. Another clinic in the clinic picker may give you access.
      </p>
      <ButtonLink to="/" variant="contained">
        Go to the start page
      </ButtonLink>
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

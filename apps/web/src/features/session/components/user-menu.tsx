import { listEffectiveRoles, normalizeRole, ROLE_LABELS } from '@portal/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AccountCircleIcon, ArrowDropDownIcon, LogoutIcon } from '../../../components/ui/icons';
import { Menu, MenuDivider, MenuHeader, MenuItem } from '../../../components/ui/menu';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { getHeaderPopupContainer } from '../../../lib/header-popup-container';
import { useSession } from '../../../lib/session/session-context';
import './user-menu.css';

/** The signed-in user's name in the header; its menu says who and in which role, and signs out. */
export function UserMenu() {
  const { user, displayName, currentClinic } = useSession();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = anchor !== null;

  const roles = currentClinic
    ? listEffectiveRoles(user.attributes.roles, currentClinic.npi)
    : user.attributes.roles.map((grant) => normalizeRole(grant.role)).filter((role) => role !== undefined);
  const roleText = [...new Set(roles)].map((role) => ROLE_LABELS[role]).join(', ');

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={`User menu: ${displayName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircleIcon />}
        endIcon={<ArrowDropDownIcon />}
        className="user-menu__button"
      >
        <span className="user-menu__name">{displayName}</span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        container={getHeaderPopupContainer}
        open={open}
        onClose={() => setAnchor(null)}
        align="end"
        aria-labelledby={buttonId}
        className="user-menu"
      >
        <MenuHeader className="user-menu__who">
          <p className="user-menu__display-name ui-body1">{displayName}</p>
          <p className="user-menu__email ui-body2 ui-text-secondary">{user.attributes.email}</p>
          {roleText && <p className="ui-body2 ui-text-secondary">{roleText}</p>}
        </MenuHeader>
        <MenuDivider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
          icon={<LogoutIcon fontSize="small" />}
        >
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}

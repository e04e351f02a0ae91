import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { listEffectiveRoles, normalizeRole, ROLE_LABELS } from '@portal/domain';
import { useId, useState } from 'react';
import { useSignOut } from '../../../lib/auth/use-sign-out';
import { getHeaderPopupContainer } from '../../../lib/header-popup-container';
import { useSession } from '../../../lib/session/session-context';

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
        sx={{
          minWidth: 0,
          px: 1,
          fontWeight: 500,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
          '& .MuiButton-startIcon > svg': { fontSize: 28 },
        }}
      >
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'block' },
            maxWidth: 220,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {displayName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        container={getHeaderPopupContainer}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: false },
          paper: { sx: { minWidth: 240, mt: 0.5 } },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{displayName}</Typography>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.attributes.email}
          </Typography>
          {roleText && (
            <Typography variant="body2" color="textSecondary">
              {roleText}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}

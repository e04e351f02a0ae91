import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/Key';
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';

export type UserAction = 'edit' | 'lock' | 'unlock' | 'password-link' | 'delete';

const ACTIONS: Record<UserAction, { label: string; icon: ReactNode; danger?: boolean }> = {
  edit: { label: 'Edit', icon: <EditIcon fontSize="small" /> },
  lock: { label: 'Lock', icon: <LockIcon fontSize="small" /> },
  unlock: { label: 'Unlock', icon: <LockOpenIcon fontSize="small" /> },
  'password-link': { label: 'Send password-change link', icon: <KeyIcon fontSize="small" /> },
  delete: { label: 'Delete', icon: <DeleteIcon fontSize="small" />, danger: true },
};

type UserRowActionsProps = {
  /** The user's display name, for the button's accessible name. */
  name: string;
  actions: UserAction[];
  onAction: (action: UserAction) => void;
};

/** The ⋮ menu of one row: only the actions the signed-in user may take on this user. */
export function UserRowActions({ name, actions, onAction }: UserRowActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': `Actions for ${name}` } }}
      >
        {actions.map((action) => {
          const { label, icon, danger } = ACTIONS[action];
          return (
            <MenuItem
              key={action}
              onClick={() => {
                setAnchor(null);
                onAction(action);
              }}
              sx={
                danger
                  ? { color: 'error.main', '& .MuiListItemIcon-root': { color: 'error.main' } }
                  : undefined
              }
            >
              <ListItemIcon>{icon}</ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

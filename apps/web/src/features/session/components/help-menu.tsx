import MailOutlineIcon from '@mui/icons-material/EmailOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { DEFAULT_SUPPORT_EMAILS } from '@portal/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePortalTitle } from '../../../lib/auth/portal-config';
import { SIGNATURE_DASHBOARD_PATH } from '../../../lib/constants';
import { getHeaderPopupContainer } from '../../../lib/header-popup-container';
import { useSession } from '../../../lib/session/session-context';

/** The inbox opens its keyboard shortcut sheet at this address fragment. */
const KEYBOARD_SHORTCUTS_HASH = '#keyboard-shortcuts';

/** The addresses of a comma-separated supportEmails setting: trimmed, blanks and repeats dropped. */
export function listSupportEmails(value: unknown): string[] {
  const text = typeof value === 'string' && value.trim() ? value : DEFAULT_SUPPORT_EMAILS;
  return [
    ...new Set(
      text
        .split(',')
        .map((address) => address.trim())
        .filter(Boolean),
    ),
  ];
}

/** The header's help button: who to write to at the current clinic (its supportEmails setting), and the app. */
export function HelpMenu() {
  const { clinicConfiguration, currentClinic, can } = useSession();
  const location = useLocation();
  // On the inbox the sheet opens over the list as it is; elsewhere it opens the inbox.
  const onInbox = location.pathname === SIGNATURE_DASHBOARD_PATH;
  const title = usePortalTitle();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const headingId = useId();
  const open = anchor !== null;
  // The merged setting falls back to the global default; until the clinic is loaded, so does this.
  const emails = listSupportEmails(clinicConfiguration.settings.supportEmails?.value);
  // The clinic's addresses can arrive while the menu is open (it opens on the defaults): the new first
  // item takes the focus, so the keyboard is never left on a removed element.
  const firstItem = useRef<HTMLAnchorElement | null>(null);
  const emailsKey = emails.join(',');
  useEffect(() => {
    if (open && emailsKey && !firstItem.current?.contains(document.activeElement)) firstItem.current?.focus();
  }, [open, emailsKey]);

  return (
    <>
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label="Help"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <HelpOutlineIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        container={getHeaderPopupContainer}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': headingId },
          paper: { sx: { minWidth: 260, maxWidth: 360, mt: 0.5 } },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1 }}>
          <Typography id={headingId} sx={{ fontWeight: 600 }}>
            Help and support
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {currentClinic ? `Support for ${currentClinic.name}` : 'Support'}
          </Typography>
        </Box>
        <Divider />
        {emails.map((email, index) => (
          <MenuItem
            key={email}
            ref={index === 0 ? firstItem : undefined}
            component="a"
            href={`mailto:${email}`}
            onClick={() => setAnchor(null)}
            aria-label={`E-mail ${email}`}
          >
            <ListItemIcon>
              <MailOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}>{email}</ListItemText>
          </MenuItem>
        ))}
        {can('document:read') && <Divider />}
        {can('document:read') && (
          <MenuItem
            component={RouterLink}
            to={{
              pathname: SIGNATURE_DASHBOARD_PATH,
              search: onInbox ? location.search : '',
              hash: KEYBOARD_SHORTCUTS_HASH,
            }}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <KeyboardIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Inbox keyboard shortcuts</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <Box sx={{ px: 2, pt: 0.5, pb: 0.5 }}>
          <Typography variant="caption" color="textSecondary" data-testid="help-app-title">
            {title}
          </Typography>
        </Box>
      </Menu>
    </>
  );
}

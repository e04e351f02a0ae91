import { DEFAULT_SUPPORT_EMAILS } from '@portal/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { IconButton } from '../../../components/ui/button';
import {
  HelpOutlinedIcon as HelpOutlineIcon,
  KeyboardOutlinedIcon as KeyboardIcon,
  EmailOutlinedIcon as MailOutlineIcon,
} from '../../../components/ui/icons';
import { Menu, MenuDivider, MenuHeader, MenuItem } from '../../../components/ui/menu';
import { usePortalTitle } from '../../../lib/auth/portal-config';
import { SIGNATURE_DASHBOARD_PATH } from '../../../lib/constants';
import { getHeaderPopupContainer } from '../../../lib/header-popup-container';
import { useSession } from '../../../lib/session/session-context';
import './help-menu.css';

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
  const firstItem = useRef<HTMLElement | null>(null);
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
        align="end"
        aria-labelledby={headingId}
        className="help-menu"
      >
        <MenuHeader>
          <p id={headingId} className="help-menu__heading ui-body1">
            Help and support
          </p>
          <p className="ui-body2 ui-text-secondary">
            {currentClinic ? `Support for ${currentClinic.name}` : 'Support'}
          </p>
        </MenuHeader>
        <MenuDivider />
        {emails.map((email, index) => (
          <MenuItem
            key={email}
            ref={index === 0 ? firstItem : undefined}
            href={`mailto:${email}`}
            onClick={() => setAnchor(null)}
            aria-label={`E-mail ${email}`}
            icon={<MailOutlineIcon fontSize="small" />}
            className="help-menu__email"
          >
            {email}
          </MenuItem>
        ))}
        {can('document:read') && <MenuDivider />}
        {can('document:read') && (
          <MenuItem
            to={{
              pathname: SIGNATURE_DASHBOARD_PATH,
              search: onInbox ? location.search : '',
              hash: KEYBOARD_SHORTCUTS_HASH,
            }}
            onClick={() => setAnchor(null)}
            icon={<KeyboardIcon fontSize="small" />}
          >
            Inbox keyboard shortcuts
          </MenuItem>
        )}
        <MenuDivider />
        <MenuHeader className="help-menu__footer">
          <span className="ui-caption ui-text-secondary" data-testid="help-app-title">
            {title}
          </span>
        </MenuHeader>
      </Menu>
    </>
  );
}

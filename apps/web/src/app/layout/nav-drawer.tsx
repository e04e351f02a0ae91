import ApartmentIcon from '@mui/icons-material/Apartment';
import DrawIcon from '@mui/icons-material/Draw';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode, Ref } from 'react';
import { NavLink } from 'react-router';
import { HEADER_HEIGHT_PX, SIGNATURE_DASHBOARD_PATH } from '../../lib/constants';

export const NAV_DRAWER_ID = 'app-navigation';
export const NAV_DRAWER_WIDTH = 248;

type NavItem = { label: string; to: string; icon: ReactNode };
type NavSection = { label: string; items: NavItem[] };

const sections: NavSection[] = [
  {
    label: 'Documents',
    items: [{ label: 'Signature inbox', to: SIGNATURE_DASHBOARD_PATH, icon: <DrawIcon /> }],
  },
  {
    label: 'Administration',
    items: [{ label: 'Clinics', to: '/admin/clinics', icon: <ApartmentIcon /> }],
  },
];

type NavDrawerProps = {
  open: boolean;
  /** persistent beside the content on wide screens, a modal sheet on narrow ones */
  variant: 'persistent' | 'temporary';
  onClose: () => void;
  onNavigate: () => void;
  firstItemRef: Ref<HTMLAnchorElement>;
};

export function NavDrawer({ open, variant, onClose, onNavigate, firstItemRef }: NavDrawerProps) {
  return (
    <Drawer
      id={NAV_DRAWER_ID}
      variant={variant}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          component: 'nav',
          'aria-label': 'Main navigation',
          sx: {
            width: NAV_DRAWER_WIDTH,
            ...(variant === 'persistent' && {
              top: HEADER_HEIGHT_PX,
              height: `calc(100% - ${HEADER_HEIGHT_PX}px)`,
            }),
          },
        },
      }}
    >
      {sections.map((section, sectionIndex) => (
        <List
          key={section.label}
          dense
          subheader={
            <ListSubheader component="div" disableSticky sx={{ lineHeight: '36px', mt: 1 }}>
              {section.label}
            </ListSubheader>
          }
        >
          {section.items.map((item, itemIndex) => (
            <ListItemButton
              key={item.to}
              component={NavLink}
              to={item.to}
              ref={sectionIndex === 0 && itemIndex === 0 ? firstItemRef : undefined}
              onClick={onNavigate}
              sx={{
                mx: 1,
                borderRadius: 1,
                '&.active': {
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Drawer>
  );
}

import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { NavLink } from 'react-router';
import { HEADER_HEIGHT_PX } from '../../lib/constants';
import { usePermissions } from '../../lib/session/session-context';
import { listNavSections } from './nav-items';

export const NAV_DRAWER_ID = 'app-navigation';
export const NAV_DRAWER_WIDTH = 248;

type NavDrawerProps = {
  open: boolean;
  /** persistent beside the content on wide screens, a modal sheet on narrow ones */
  variant: 'persistent' | 'temporary';
  onClose: () => void;
  onNavigate: () => void;
  firstItemRef: Ref<HTMLAnchorElement>;
};

/** The navigation drawer: only the pages the user's role may use at the current clinic. */
export function NavDrawer({ open, variant, onClose, onNavigate, firstItemRef }: NavDrawerProps) {
  const { can } = usePermissions();
  const sections = listNavSections(can);
  return (
    <Drawer
      id={NAV_DRAWER_ID}
      variant={variant}
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          // On narrow screens MUI makes the sheet a modal dialog; it needs a name of its own.
          ...(variant === 'temporary' && { 'aria-label': 'Navigation menu' }),
          // Below the header in both variants, so its close button stays in view.
          sx: {
            width: NAV_DRAWER_WIDTH,
            top: HEADER_HEIGHT_PX,
            height: `calc(100% - ${HEADER_HEIGHT_PX}px)`,
          },
        },
      }}
    >
      <Box component="nav" aria-label="Main navigation">
        {sections.length === 0 && (
          <Typography variant="body2" color="textSecondary" sx={{ px: 2, py: 2 }}>
            Your role has no pages in the portal yet.
          </Typography>
        )}
        {sections.map((section, sectionIndex) => {
          const headingId = `${NAV_DRAWER_ID}-section-${sectionIndex}`;
          return (
            <Box key={section.label}>
              {/* Outside the list: a <ul> holds only <li>s, each link in its own. */}
              <ListSubheader id={headingId} component="div" disableSticky sx={{ lineHeight: '36px', mt: 1 }}>
                {section.label}
              </ListSubheader>
              <List dense disablePadding aria-labelledby={headingId} sx={{ pb: 1 }}>
                {section.items.map((item, itemIndex) => (
                  <ListItem key={item.to} disablePadding>
                    <ListItemButton
                      component={NavLink}
                      to={item.to}
                      ref={sectionIndex === 0 && itemIndex === 0 ? firstItemRef : undefined}
                      onClick={onNavigate}
                      sx={{
                        mx: 1,
                        borderRadius: 1,
                        '&.active': {
                          bgcolor: (t) => alpha(t.palette.primary.main, 0.1),
                          color: 'primary.main',
                          '& .MuiListItemIcon-root': { color: 'primary.main' },
                        },
                      }}
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
                      <ListItemText
                        primary={item.label}
                        slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Box>
          );
        })}
      </Box>
    </Drawer>
  );
}

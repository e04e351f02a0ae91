import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { usePortalTitle } from '../../lib/auth/portal-config';
import { HEADER_HEIGHT_PX, TOOLBAR_HEIGHT_PX } from '../../lib/constants';
import { useRouteHandle } from '../route-handle';

/** The 40 px bar under the header: breadcrumbs ending in the page title, which is the page's h1. */
export function PageToolbar() {
  const handle = useRouteHandle();
  const title = handle?.title ?? '';
  const appTitle = usePortalTitle();

  useEffect(() => {
    document.title = title ? `${title} · ${appTitle}` : appTitle;
  }, [title, appTitle]);

  return (
    <Box
      sx={{
        position: 'sticky',
        top: HEADER_HEIGHT_PX,
        zIndex: (t) => t.zIndex.appBar - 1,
        height: TOOLBAR_HEIGHT_PX,
        display: 'flex',
        alignItems: 'center',
        px: { xs: 2, md: 3 },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Breadcrumbs aria-label="Breadcrumb" separator={<NavigateNextIcon fontSize="small" />}>
        {handle?.crumbs?.map((crumb) => (
          <Typography key={crumb} variant="body2" color="textSecondary">
            {crumb}
          </Typography>
        ))}
        <Typography component="h1" variant="body1" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {title}
        </Typography>
      </Breadcrumbs>
    </Box>
  );
}

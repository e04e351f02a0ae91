import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { Link as RouterLink } from 'react-router';
import { METRICS_CLINICS_PATH, METRICS_PATH } from '../../../lib/metrics-paths';

/**
 * For provider-company roles: one clinic's activity, or every clinic's queue side by side. Links (each view
 * has its address); the one open is marked as the current page.
 */
export function MetricsViews({ current }: { current: 'clinic' | 'clinics' }) {
  return (
    <Box component="nav" aria-label="Metrics views">
      <ButtonGroup size="small">
        <Button
          component={RouterLink}
          to={METRICS_PATH}
          variant={current === 'clinic' ? 'contained' : 'outlined'}
          aria-current={current === 'clinic' ? 'page' : undefined}
        >
          One clinic
        </Button>
        <Button
          component={RouterLink}
          to={METRICS_CLINICS_PATH}
          variant={current === 'clinics' ? 'contained' : 'outlined'}
          aria-current={current === 'clinics' ? 'page' : undefined}
        >
          All clinics
        </Button>
      </ButtonGroup>
    </Box>
  );
}

import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsDate, type ManufacturerAdvisory } from '@portal/domain';
import type { ReactNode } from 'react';
import { manufacturerName } from '../../lib/patient-format';

/**
 * The manufacturer advisories (recalls, safety notices) that touch a patient's device: title, date,
 * what the manufacturer recommends, and its public notice. `renderActions` adds per-advisory controls.
 */
export function AdvisoryList({
  advisories,
  dense = false,
  renderActions,
}: {
  advisories: readonly ManufacturerAdvisory[];
  dense?: boolean;
  renderActions?: (advisory: ManufacturerAdvisory) => ReactNode;
}) {
  return (
    <Stack
      component="ul"
      spacing={1}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      aria-label="Manufacturer advisories"
    >
      {advisories.map((advisory) => (
        <Box
          component="li"
          key={advisory.id}
          data-advisory-id={advisory.id}
          sx={{
            display: 'flex',
            gap: 1,
            p: dense ? 1 : 1.5,
            border: 1,
            borderColor: 'warning.main',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        >
          <ReportProblemOutlinedIcon aria-hidden sx={{ color: 'warning.main', mt: 0.25 }} fontSize="small" />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {advisory.title}
            </Typography>
            <Typography variant="caption" color="textSecondary" component="p">
              {manufacturerName(advisory.manufacturer)} · published {formatUsDate(advisory.publishedOn)}
            </Typography>
            {!dense && advisory.recommendation && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {advisory.recommendation}
              </Typography>
            )}
            {(advisory.url || renderActions) && (
              <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
                {advisory.url && (
                  <Link href={advisory.url} target="_blank" rel="noopener noreferrer" variant="body2">
                    Manufacturer's notice
                  </Link>
                )}
                {renderActions?.(advisory)}
              </Stack>
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

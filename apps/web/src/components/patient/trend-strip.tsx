import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type LongitudinalSeries, type LongitudinalValue, SESSION_DEVICE_TYPES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { patientPagePath } from '../../lib/patients';
import {
  formatMeasurementValue,
  latestValue,
  listFlaggedSeries,
  longitudinalQueryOptions,
} from '../../lib/trends';

// Kept to a few lines of SVG: the inbox's first paint must not bring the Trends tab's chart library.
const WIDTH = 72;
const HEIGHT = 20;

const LEVELS = {
  warning: { color: '#8a5300', label: 'Warning', symbol: '▲' },
  critical: { color: '#c62828', label: 'Critical', symbol: '◆' },
} as const;

function levelOf(value: LongitudinalValue): keyof typeof LEVELS {
  return value.flags.some((flag) => flag.level === 'critical') ? 'critical' : 'warning';
}

/** A line through a series' numbers, the latest point marked; nothing for a status. */
export function Sparkline({ series, color }: { series: LongitudinalSeries; color: string }) {
  const numbers = series.values.map((value) => value.value).filter((value) => typeof value === 'number');
  if (numbers.length < 2) return null;
  const min = Math.min(...numbers);
  const span = Math.max(...numbers) - min || 1;
  const points = numbers.map((value, index) => [
    (index / (numbers.length - 1)) * (WIDTH - 4) + 2,
    HEIGHT - 2 - ((value - min) / span) * (HEIGHT - 4),
  ]);
  const last = points.at(-1) as number[];
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden data-testid="sparkline">
      <polyline
        points={points.map((point) => point.join(',')).join(' ')}
        fill="none"
        stroke="#90a4ae"
        strokeWidth={1.25}
      />
      <circle cx={last[0]} cy={last[1]} r={2.5} fill={color} />
    </svg>
  );
}

/**
 * The inbox's trend strip (issue 14 §3), beside a document: the patient's measurements whose latest value
 * is flagged, each with that value, a sparkline and the flag, linking to the patient's Trends tab. Nothing
 * when nothing is flagged (or the patient has no device sessions). Only a patient with a device that has
 * sessions (PM, ICD, ILR) is asked about: a monitoring patient (ABPM, RPM…) has no device data.
 */
export function TrendStrip({
  clinicNpi,
  patientRef,
  deviceType,
}: {
  clinicNpi: string;
  patientRef: string;
  deviceType: string | null | undefined;
}) {
  const hasSessions = (SESSION_DEVICE_TYPES as readonly (string | null | undefined)[]).includes(deviceType);
  const longitudinal = useQuery({
    ...longitudinalQueryOptions(clinicNpi, patientRef),
    enabled: hasSessions,
    meta: { silent: true },
  });
  const flagged = longitudinal.data ? listFlaggedSeries(longitudinal.data) : [];
  if (flagged.length === 0) return null;
  const ranked = [...flagged].sort((a, b) => {
    const rank = (series: LongitudinalSeries) => {
      const latest = latestValue(series);
      return latest && levelOf(latest) === 'critical' ? 0 : 1;
    };
    return rank(a) - rank(b);
  });
  return (
    <Box component="section" aria-label="Flagged device trends" data-testid="trend-strip">
      <Typography component="h4" variant="caption" color="textSecondary" sx={{ display: 'block', mb: 0.5 }}>
        Flagged device trends ({longitudinal.data?.deviceType})
      </Typography>
      <Stack component="ul" spacing={0.75} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {ranked.map((series) => {
          const latest = latestValue(series) as LongitudinalValue;
          const level = LEVELS[levelOf(latest)];
          return (
            <Box
              component="li"
              key={series.key}
              data-testid={`strip-${series.key}`}
              sx={{ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: 1 }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {series.label}: {formatMeasurementValue(series, latest.value)}
              </Typography>
              <Sparkline series={series} color={level.color} />
              <Typography variant="caption" sx={{ color: level.color, gridColumn: '1 / -1' }}>
                <span aria-hidden>{level.symbol} </span>
                {level.label}: {latest.flags.map((flag) => flag.message).join('; ')}
              </Typography>
            </Box>
          );
        })}
      </Stack>
      <Link
        component={RouterLink}
        to={patientPagePath(clinicNpi, patientRef, 'trends')}
        variant="body2"
        sx={{ display: 'inline-block', mt: 0.5 }}
      >
        Open the trends
      </Link>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  type ComparisonMode,
  formatUsDate,
  type LongitudinalSeries,
  type LongitudinalValue,
} from '@portal/domain';
import { formatComparison, formatMeasurementValue } from '../../../lib/trends';
import { FLAG_MARKERS } from '../flag-markers';

/** A value's flags as text, each with its level's mark (the chart's shape and colour). */
export function FlagList({ flags }: { flags: LongitudinalValue['flags'] }) {
  if (flags.length === 0) return <span>—</span>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {flags.map((flag) => (
        <Box
          component="li"
          key={flag.rule}
          data-flag-level={flag.level}
          sx={{ color: FLAG_MARKERS[flag.level].color }}
        >
          <span aria-hidden>{FLAG_MARKERS[flag.level].symbol} </span>
          {FLAG_MARKERS[flag.level].label}: {flag.message}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A measurement's values as a table, newest first: date, value, the comparison with the previous session
 * and with the baseline (in the comparison mode), and the flags. It is the charts' text equivalent. A
 * status (battery status) has no comparisons: its table is date, status and flags.
 */
export function TrendsTable({
  series,
  comparisonMode,
  baselineSessionId,
}: {
  series: LongitudinalSeries;
  comparisonMode: ComparisonMode;
  baselineSessionId: string | null;
}) {
  const isStatus = series.values.every((value) => typeof value.value === 'string');
  const rows = [...series.values].reverse();
  const modeLabel = comparisonMode === 'percentage' ? '%' : 'difference';
  return (
    <Table size="small" aria-label={`${series.label} values`} data-testid={`table-${series.key}`}>
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell align="right">{isStatus ? 'Status' : 'Value'}</TableCell>
          {!isStatus && <TableCell align="right">vs previous ({modeLabel})</TableCell>}
          {!isStatus && <TableCell align="right">vs baseline ({modeLabel})</TableCell>}
          <TableCell>Flags</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((value) => (
          <TableRow key={`${value.sessionId}-${value.measuredAt}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatUsDate(value.measuredAt)}
              {value.sessionId === baselineSessionId && ' (baseline)'}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMeasurementValue(series, value.value)}
            </TableCell>
            {!isStatus && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatComparison(series, value.vsPrevious, comparisonMode)}
              </TableCell>
            )}
            {!isStatus && (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatComparison(series, value.vsBaseline, comparisonMode)}
              </TableCell>
            )}
            <TableCell>
              <FlagList flags={value.flags} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';

/** A swatch and a name for each line or bar, as text (the chart itself is a picture). */
export function ChartLegend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <Stack component="ul" direction="row" sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <Box
          component="li"
          key={item.label}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.75,
            fontSize: 13,
            color: 'text.secondary',
          }}
        >
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: item.color }} />
          {item.label}
        </Box>
      ))}
    </Stack>
  );
}

type ChartCardProps = {
  title: string;
  /** One line under the title: what is counted, over which range. */
  subtitle?: ReactNode;
  legend?: ReactNode;
  children: ReactNode;
  /** The same numbers as a table, shown on request (and always to whoever prefers a table). */
  table?: ReactNode;
  testId: string;
  /** Grid placement: the wide charts take the whole row. */
  wide?: boolean;
};

/** A section of the metrics screen: its heading, a chart, its legend and a table of the same numbers. */
export function ChartCard({ title, subtitle, legend, children, table, testId, wide }: ChartCardProps) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{
        p: 2,
        minWidth: 0,
        gridColumn: wide ? '1 / -1' : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ mb: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="textSecondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      {children}
      {(legend || table) && (
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {legend}
          <Box sx={{ flex: 1 }} />
          {table && (
            <Button
              size="small"
              aria-expanded={showTable}
              aria-controls={showTable ? tableId : undefined}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? 'Hide table' : 'Show as table'}
            </Button>
          )}
        </Stack>
      )}
      {table && showTable && (
        <Box
          id={tableId}
          role="region"
          aria-label={`${title}: table`}
          tabIndex={0}
          sx={{ mt: 1, maxHeight: 360, overflow: 'auto' }}
        >
          {table}
        </Box>
      )}
    </Paper>
  );
}

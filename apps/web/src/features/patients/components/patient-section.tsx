import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** One part of the patient's overview: a titled card, with an 'Edit' button for who may edit it. */
export function PatientSection({
  title,
  onEdit,
  editLabel,
  actions,
  children,
}: {
  title: string;
  /** Shown only for users who may edit (patient:update): a read-only user sees none. */
  onEdit?: (() => void) | undefined;
  /** The edit button's accessible name, e.g. 'Edit medical information'. */
  editLabel?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id={headingId} component="h3" variant="h6" sx={{ flex: '1 1 auto', fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {actions}
        {onEdit && (
          <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={editLabel}>
            Edit
          </Button>
        )}
      </Box>
      {children}
    </Paper>
  );
}

export type FieldRow = {
  label: string;
  /** Empty or null reads 'Not recorded', in a quieter colour. */
  value: ReactNode;
  /** Beside the value: a mark and the synced value, for an override. */
  extra?: ReactNode;
  /** Takes the whole row (an address, a list of codes). */
  wide?: boolean;
};

/** Label and value pairs as a description list, two or three to a row. */
export function FieldList({ rows }: { rows: readonly FieldRow[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
    >
      {rows.map((row) => {
        const empty = row.value === null || row.value === undefined || row.value === '';
        return (
          <Box key={row.label} sx={{ minWidth: 0, gridColumn: row.wide ? '1 / -1' : undefined }}>
            <Typography component="dt" variant="caption" color="textSecondary">
              {row.label}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Typography
                component="div"
                variant="body2"
                sx={{ overflowWrap: 'anywhere', color: empty ? 'text.secondary' : undefined }}
              >
                {empty ? 'Not recorded' : row.value}
              </Typography>
              {row.extra}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

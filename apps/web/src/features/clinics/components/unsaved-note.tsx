import Typography from '@mui/material/Typography';

/** Says whether there is something to save, next to the Save button. */
export function UnsavedNote({ dirty }: { dirty: boolean }) {
  return (
    <Typography
      variant="body2"
      color={dirty ? 'textPrimary' : 'textSecondary'}
      aria-live="polite"
      sx={{ mr: 'auto', fontWeight: dirty ? 600 : 400 }}
    >
      {dirty ? 'Unsaved changes' : 'No unsaved changes'}
    </Typography>
  );
}

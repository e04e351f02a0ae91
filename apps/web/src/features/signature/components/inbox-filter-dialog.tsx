import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { FilterFields, type FilterFieldsProps, GroupByPatientToggle } from './inbox-filter-fields';

type InboxFilterDialogProps = Omit<FilterFieldsProps, 'layout' | 'trailing'> & {
  open: boolean;
  onClose: () => void;
};

/**
 * The narrow screen's filter (below 900 px the bar folds into one button): every field, full screen. MUI's
 * Dialog, in a chunk of its own (loaded by inbox-filter-bar.tsx), for its focus trap and scroll lock.
 */
export function InboxFilterDialog({ open, onClose, ...fieldProps }: InboxFilterDialogProps) {
  const { filters, onChange } = fieldProps;
  return (
    <Dialog open={open} onClose={onClose} fullScreen aria-labelledby="inbox-filters-title">
      <DialogTitle id="inbox-filters-title">Filter documents</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FilterFields {...fieldProps} layout="column" />
          {filters.status === 'todo' && <GroupByPatientToggle filters={filters} onChange={onChange} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Show documents
        </Button>
      </DialogActions>
    </Dialog>
  );
}

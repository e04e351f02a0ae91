import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

type InboxListToolbarProps = {
  /** '12 of 40', announced as the list changes. */
  countText: string;
  checkedCount: number;
  showBulkSign: boolean;
  /** Reassign shows once documents are checked. */
  showReassign: boolean;
  /** A signing run is under way: no second one starts. */
  signingBusy: boolean;
  onBulkSign: () => void;
  onReassign: () => void;
  onSignAll: () => void;
};

/** Above the document list: how many are shown, and Bulk sign, Reassign and Sign all. */
export function InboxListToolbar({
  countText,
  checkedCount,
  showBulkSign,
  showReassign,
  signingBusy,
  onBulkSign,
  onReassign,
  onSignAll,
}: InboxListToolbarProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        minHeight: 40,
        '& .MuiButton-root': { px: 0.75, py: 0.25, minWidth: 0, whiteSpace: 'nowrap' },
        borderBottom: 1,
        borderColor: 'divider',
        flex: 'none',
        flexWrap: 'wrap',
      }}
    >
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ mr: 'auto', whiteSpace: 'nowrap' }}
        role="status"
      >
        {countText}
      </Typography>
      {showBulkSign && (
        <Button
          size="small"
          variant="contained"
          disabled={checkedCount === 0 || signingBusy}
          onClick={onBulkSign}
        >
          Bulk sign ({checkedCount})
        </Button>
      )}
      {showReassign && checkedCount > 0 && (
        <Button size="small" variant="outlined" onClick={onReassign}>
          Reassign ({checkedCount})
        </Button>
      )}
      {showBulkSign && (
        <Button size="small" variant="outlined" disabled={signingBusy} onClick={onSignAll}>
          Sign all
        </Button>
      )}
    </Box>
  );
}

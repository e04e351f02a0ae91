import { Button } from '../../../components/ui/button';
import '../../../components/ui/typography.css';
import './inbox-list-toolbar.css';

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
    <div className="inbox-list-toolbar">
      <p className="ui-body2 ui-text-secondary inbox-list-toolbar__count" role="status">
        {countText}
      </p>
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
    </div>
  );
}

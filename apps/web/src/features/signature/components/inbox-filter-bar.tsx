import { INBOX_VIEW_LABELS } from '@portal/domain';
import { lazyComponent } from '../../../components/lazy-component';
import { Badge } from '../../../components/ui/badge';
import { Button, IconButton } from '../../../components/ui/button';
import { FilterListIcon, KeyboardOutlinedIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import {
  ALERT_LABELS,
  FilterFields,
  type FilterFieldsProps,
  GroupByPatientToggle,
} from './inbox-filter-fields';
import { visuallyHidden } from './visually-hidden';
import './inbox-filter-bar.css';

// The narrow screen's full-screen filter dialog is drawn with MUI: it comes in a chunk of its own, so the
// first screen's filter bar needs none (issue 11 §10). Until the chunk is there, the dialog cannot open.
const InboxFilterDialog = lazyComponent(() =>
  import('./inbox-filter-dialog').then((module) => module.InboxFilterDialog),
);

type InboxFilterBarProps = Omit<FilterFieldsProps, 'layout' | 'trailing'> & {
  /** below 900 px the filters fold into one control */
  narrow: boolean;
  /** how many filters differ from the reader's default (the folded control says so) */
  changedCount: number;
  onShowShortcuts: () => void;
  /** the narrow screen's filter dialog is open (the '/' shortcut opens it) */
  dialogOpen: boolean;
  onDialogOpenChange: (open: boolean) => void;
};

/** The inbox filter: view, service line, type, assigned to, clinic, hidden documents and search; kept in the address. */
export function InboxFilterBar({
  narrow,
  changedCount,
  onShowShortcuts,
  dialogOpen,
  onDialogOpenChange,
  ...fieldProps
}: InboxFilterBarProps) {
  const { filters, onChange } = fieldProps;
  if (!narrow) {
    return (
      <div className="inbox-filter-bar">
        <FilterFields
          {...fieldProps}
          layout="row"
          trailing={
            <>
              {filters.status === 'todo' && (
                <Tooltip
                  title="Keep each patient's documents together, the most urgent patient first"
                  describeChild
                >
                  <GroupByPatientToggle filters={filters} onChange={onChange} compact />
                </Tooltip>
              )}
              <Tooltip title="Keyboard shortcuts (?)">
                <IconButton size="small" aria-label="Keyboard shortcuts" onClick={onShowShortcuts}>
                  <KeyboardOutlinedIcon />
                </IconButton>
              </Tooltip>
            </>
          }
        />
      </div>
    );
  }
  const summary = [
    INBOX_VIEW_LABELS[filters.status],
    filters.alert !== 'any' ? `${ALERT_LABELS[filters.alert]} alerts` : undefined,
    filters.overdue ? 'Overdue' : undefined,
    filters.assignedTo === 'me' ? 'Assigned to me' : undefined,
    filters.search ? `“${filters.search}”` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="inbox-filter-bar inbox-filter-bar--narrow">
      <Button
        fullWidth
        variant="outlined"
        onClick={() => onDialogOpenChange(true)}
        startIcon={
          <Badge badgeContent={changedCount} color="primary" aria-hidden="true">
            <FilterListIcon />
          </Badge>
        }
        className="inbox-filter-bar__summary"
        aria-haspopup="dialog"
      >
        Filters: {summary}
        {changedCount > 0 && (
          <span style={visuallyHidden}>
            , {changedCount} {changedCount === 1 ? 'filter' : 'filters'} changed
          </span>
        )}
      </Button>
      <InboxFilterDialog {...fieldProps} open={dialogOpen} onClose={() => onDialogOpenChange(false)} />
    </div>
  );
}

import { Chip } from '../../../components/ui/chip';
import './status-chip.css';

const STATUS_LABELS: Record<string, string> = {
  unsigned: 'Unsigned',
  signing: 'Signing…',
  signed: 'Signed',
  acknowledging: 'Acknowledging…',
  acknowledged: 'Acknowledged',
  error: 'Error',
  draft: 'Draft',
};

const STATUS_COLORS: Record<string, 'default' | 'success' | 'info' | 'error' | 'warning'> = {
  signed: 'success',
  acknowledged: 'info',
  error: 'error',
  signing: 'warning',
  acknowledging: 'warning',
};

/** A document's status; `dense` for the list's rows. */
export function StatusChip({ status, dense = false }: { status: string; dense?: boolean }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABELS[status] ?? 'Unknown'}
      color={STATUS_COLORS[status] ?? 'default'}
      variant={status === 'unsigned' ? 'outlined' : 'filled'}
      data-status={status}
      className={dense ? 'status-chip--dense' : undefined}
    />
  );
}

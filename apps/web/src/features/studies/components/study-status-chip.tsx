import Chip from '@mui/material/Chip';
import type { StudyStatus } from '@portal/domain';
import { STUDY_STATUS_COLORS, studyStatusLabel } from '../study-format';

/** A study's status in words, coloured by where it stands: in progress blue, waiting for review amber. */
export function StudyStatusChip({ status }: { status: StudyStatus }) {
  return (
    <Chip
      size="small"
      component="span"
      label={studyStatusLabel(status)}
      color={STUDY_STATUS_COLORS[status]}
      variant={status === 'new' || status === 'cancelled' ? 'outlined' : 'filled'}
      data-study-status={status}
    />
  );
}

import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { StudyStatus } from '@portal/domain';
import { STUDY_STATUS_ORDER } from '../../../lib/studies';
import { studyStatusLabel } from '../study-format';

type StudyStatusFilterProps = {
  /** The statuses chosen; none means every status ('All'). */
  value: readonly StudyStatus[];
  onChange: (value: StudyStatus[]) => void;
};

/**
 * Which statuses the list shows: 'All', or any number of statuses at once. Each chip is a toggle button
 * (aria-pressed), so a screen reader says which are on.
 */
export function StudyStatusFilter({ value, onChange }: StudyStatusFilterProps) {
  const toggle = (status: StudyStatus) => {
    const next = value.includes(status) ? value.filter((item) => item !== status) : [...value, status];
    // In lifecycle order, so the same choice is the same address and cache key.
    onChange(STUDY_STATUS_ORDER.filter((item) => next.includes(item)));
  };
  const chip = (label: string, selected: boolean, onClick: () => void) => (
    <Chip
      key={label}
      label={label}
      size="small"
      clickable
      onClick={onClick}
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      icon={selected ? <CheckIcon /> : undefined}
      aria-pressed={selected}
      role="button"
    />
  );
  return (
    <Stack
      direction="row"
      role="group"
      aria-label="Filter by status"
      sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}
    >
      {chip('All', value.length === 0, () => onChange([]))}
      {STUDY_STATUS_ORDER.map((status) =>
        chip(studyStatusLabel(status), value.includes(status), () => toggle(status)),
      )}
    </Stack>
  );
}

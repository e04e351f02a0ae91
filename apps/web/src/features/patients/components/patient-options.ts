import { OAC_STATUS_LABELS, OAC_STATUSES } from '@portal/domain';
import type { SelectOption } from '../../../components/form-field';
import { GENDER_LABELS } from '../../../lib/patient-format';

export const NOT_RECORDED: SelectOption = { value: '', label: 'Not recorded' };

export const GENDER_OPTIONS: readonly SelectOption[] = [
  NOT_RECORDED,
  ...Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label })),
];

export const OAC_STATUS_OPTIONS: readonly SelectOption[] = [
  NOT_RECORDED,
  ...OAC_STATUSES.map((status) => ({ value: status, label: OAC_STATUS_LABELS[status] })),
];

export const YES_NO_OPTIONS: readonly SelectOption[] = [
  { value: '', label: 'Unknown' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

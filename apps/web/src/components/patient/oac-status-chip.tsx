import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import Chip from '@mui/material/Chip';
import { formatOacStatus, oacStatusKey } from '../../lib/patient-format';

/**
 * The patient's anticoagulation (OAC) status as a chip that says 'OAC: On OAC'. On OAC reads as a
 * success; a status recording a decision (declined, contraindicated, LAAO) is plain.
 */
export function OacStatusChip({
  value,
  size = 'small',
}: {
  value: string | null;
  size?: 'small' | 'medium';
}) {
  const status = oacStatusKey(value);
  return (
    <Chip
      size={size}
      variant="outlined"
      color={status === 'on-oac' ? 'success' : 'default'}
      icon={<MedicationOutlinedIcon aria-hidden />}
      label={`OAC: ${formatOacStatus(value)}`}
      data-oac-status={status ?? 'none'}
      component="span"
    />
  );
}

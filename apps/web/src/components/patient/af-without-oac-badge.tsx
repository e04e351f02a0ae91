import { Chip } from '../ui/chip';
import { WarningAmberIcon } from '../ui/icons';
import './af-without-oac-badge.css';

export const AF_WITHOUT_OAC_LABEL = 'AF without OAC';

/** What the flag means, for the places that have room to say it. */
export const AF_WITHOUT_OAC_EXPLANATION =
  'AF history or AF alerts, and neither oral anticoagulation nor a recorded decision against it (LAAO, contraindicated, AF alerts stopped).';

/** The flag issue 13 §6 raises on a patient: AF, and no OAC nor a recorded decision against it. */
export function AfWithoutOacBadge({ size = 'small' }: { size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      color="error"
      variant="outlined"
      icon={<WarningAmberIcon aria-hidden />}
      label={AF_WITHOUT_OAC_LABEL}
      data-af-without-oac=""
      className="af-without-oac-badge"
    />
  );
}

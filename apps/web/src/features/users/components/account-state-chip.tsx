import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LockIcon from '@mui/icons-material/Lock';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { USER_ACCOUNT_STATE_LABELS, type UserAccountState } from '@portal/domain';
import type { ReactElement } from 'react';

const LOOK: Record<
  UserAccountState,
  { color: ChipProps['color']; variant: ChipProps['variant']; icon: ReactElement }
> = {
  active: { color: 'success', variant: 'outlined', icon: <CheckCircleOutlineIcon /> },
  invited: { color: 'info', variant: 'outlined', icon: <MailOutlineIcon /> },
  'temporarily-locked': { color: 'warning', variant: 'outlined', icon: <HourglassTopIcon /> },
  locked: { color: 'error', variant: 'outlined', icon: <LockIcon /> },
};

/** Where an account stands, in words and with an icon: colour is never the only cue. */
export function AccountStateChip({ state }: { state: UserAccountState }) {
  const look = LOOK[state];
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      icon={look.icon}
      label={USER_ACCOUNT_STATE_LABELS[state]}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

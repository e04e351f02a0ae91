import type { SvgIconComponent } from '@mui/icons-material';
import ErrorIcon from '@mui/icons-material/Error';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';

/** How an alert level looks: a colour, an icon of its own shape and its name, so colour is never the only cue. */
export const ALERT_LEVEL_STYLES: Record<
  string,
  { label: string; color: 'error' | 'warning' | 'info'; Icon: SvgIconComponent }
> = {
  high: { label: 'High', color: 'error', Icon: ErrorIcon },
  medium: { label: 'Medium', color: 'warning', Icon: WarningIcon },
  low: { label: 'Low', color: 'info', Icon: InfoOutlinedIcon },
};

/** An alert level's name in words ('High alert'), for what a screen reader hears and for titles. */
export function formatAlertLevel(level: string | null | undefined): string {
  if (!level) return '';
  return `${ALERT_LEVEL_STYLES[level]?.label ?? level} alert`;
}

/**
 * The alert level as a compact badge: a high alert is filled red (nothing else on the screen is), medium
 * and low are outlined in their own colour, each with its own icon and its name.
 */
export function AlertBadge({ level, size = 'small' }: { level: string; size?: 'small' | 'medium' }) {
  const style = ALERT_LEVEL_STYLES[level] ?? { label: level, color: 'warning' as const, Icon: WarningIcon };
  const { Icon } = style;
  const high = level === 'high';
  return (
    <Box
      component="span"
      data-alert-level={level}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        px: 0.5,
        py: size === 'small' ? 0 : 0.25,
        borderRadius: 1,
        border: 1,
        borderColor: `${style.color}.main`,
        bgcolor: high ? 'error.main' : 'background.paper',
        color: high ? 'common.white' : `${style.color}.main`,
        fontSize: size === 'small' ? 12 : 13,
        fontWeight: 700,
        lineHeight: size === 'small' ? '16px' : '20px',
        whiteSpace: 'nowrap',
      }}
    >
      <Icon sx={{ fontSize: size === 'small' ? 14 : 16 }} aria-hidden />
      {style.label}
    </Box>
  );
}

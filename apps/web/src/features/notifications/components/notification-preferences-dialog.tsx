import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { GLOBAL_CLINIC_NPI, listEffectiveRoles, type RealtimeAlertPreference } from '@portal/domain';
import { useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { useSession } from '../../../lib/session/session-context';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useSendTestNotification } from '../api/send-test-notification';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import type { NotificationPreferences } from '../types';

const ALERT_OPTIONS: { value: RealtimeAlertPreference; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'high', label: 'High only' },
  { value: 'all', label: 'All' },
];

/**
 * Whether the user is a provider-company administrator (irh-admin or sys-admin held under '*'): the only
 * users the admin daily report is e-mailed to (issue 17 §4), so the only ones offered it.
 */
export function receivesDailyAdminReport(roles: Parameters<typeof listEffectiveRoles>[0]): boolean {
  return listEffectiveRoles(roles, GLOBAL_CLINIC_NPI).some(
    (role) => role === 'irh-admin' || role === 'sys-admin',
  );
}

/**
 * Weekly and daily digests, realtime alerts (off, high, all), the admin daily report by e-mail (for
 * provider-company administrators), and a test notification to oneself.
 */
export function NotificationPreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const query = useNotificationPreferences(open);
  const update = useUpdateNotificationPreferences();
  const sendTest = useSendTestNotification();
  const [edited, setEdited] = useState<NotificationPreferences>();
  const values = edited ?? query.data;
  const alertsLabelId = useId();
  const { user } = useSession();
  const offerDailyReport = receivesDailyAdminReport(user.attributes.roles);
  const change = (patch: Partial<NotificationPreferences>) => {
    if (values) setEdited({ ...values, ...patch });
  };

  return (
    <FormDialog
      open={open}
      title="Notification preferences"
      submitLabel="Save preferences"
      saving={update.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (!values) return;
        update.mutate(values, {
          onSuccess: () => {
            enqueueSnackbar('Notification preferences saved.', { variant: 'success' });
            onClose();
          },
        });
      }}
    >
      {query.isPending && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography variant="body2">Loading your preferences…</Typography>
        </Box>
      )}
      {query.isError && <Alert severity="error">{query.error.message}</Alert>}
      {values && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <FormControlLabel
            control={
              <Switch
                checked={values.enableWeeklyDigest}
                onChange={(event) => change({ enableWeeklyDigest: event.target.checked })}
              />
            }
            label="Weekly digest"
          />
          <FormControlLabel
            control={
              <Switch
                checked={values.enableDailyDigest}
                onChange={(event) => change({ enableDailyDigest: event.target.checked })}
              />
            }
            label="Daily digest"
          />
          <FormControl sx={{ mt: 1.5 }}>
            <FormLabel id={alertsLabelId}>Realtime alerts</FormLabel>
            <RadioGroup
              row
              name="enableRealtimeAlerts"
              aria-labelledby={alertsLabelId}
              // 'low' is the other SPEC reading of 'all' (low and above).
              value={values.enableRealtimeAlerts === 'low' ? 'all' : values.enableRealtimeAlerts}
              onChange={(event) =>
                change({ enableRealtimeAlerts: event.target.value as RealtimeAlertPreference })
              }
            >
              {ALERT_OPTIONS.map((option) => (
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  control={<Radio />}
                  label={option.label}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {offerDailyReport && (
            <FormControl sx={{ mt: 1 }}>
              <FormLabel component="p" sx={{ mb: 0.5 }}>
                Daily report
              </FormLabel>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.enableDailyAdminReport}
                    onChange={(event) => change({ enableDailyAdminReport: event.target.checked })}
                  />
                }
                label="E-mail me the daily report each morning"
              />
              <Typography variant="body2" color="textSecondary">
                Every clinic's documents received, signed and overdue the day before, with a link to the whole
                report and its CSV.
              </Typography>
            </FormControl>
          )}
        </Box>
      )}
      <Divider sx={{ my: 2 }} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="textSecondary" sx={{ flex: 1, minWidth: 200 }}>
          Check that notifications reach you on this device.
        </Typography>
        <Button variant="outlined" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
          Send test notification
        </Button>
      </Box>
    </FormDialog>
  );
}

import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { toClinicBody, withFeatureFlag } from '../api/clinic-body';
import { useUpdateClinic } from '../api/update-clinic';
import { describeSaveError } from '../setting-value';
import type { Clinic, ClinicDefault } from '../types';

/** One switch per default feature flag, showing the clinic's merged value; a flip saves at once. */
export function ClinicFeatureFlags({
  clinic,
  defaults,
  editable,
}: {
  clinic: Clinic;
  defaults: ClinicDefault[];
  editable: boolean;
}) {
  const { mutate, isPending } = useUpdateClinic({ silent: true });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The flip being saved, shown at once.
  const [saving, setSaving] = useState<{ name: string; enabled: boolean } | null>(null);

  const toggle = (flag: ClinicDefault, enabled: boolean) => {
    setSaving({ name: flag.name, enabled });
    setErrors((current) => ({ ...current, [flag.name]: '' }));
    mutate(
      { id: clinic.id, body: withFeatureFlag(toClinicBody(clinic), flag.name, enabled) },
      {
        onSuccess: () =>
          enqueueSnackbar(`${flag.title} is ${enabled ? 'on' : 'off'}.`, { variant: 'success' }),
        onError: (error) => setErrors((current) => ({ ...current, [flag.name]: describeSaveError(error) })),
        onSettled: () => setSaving(null),
      },
    );
  };

  if (defaults.length === 0) return <FormHelperText>There are no feature flags.</FormHelperText>;

  return (
    <List disablePadding aria-label="Feature flags">
      {defaults.map((flag) => {
        const enabled = clinic.featureFlags[flag.name] ?? flag.enabled;
        const error = errors[flag.name];
        const labelId = `flag-${flag.name}`;
        return (
          <ListItem key={flag.id} divider sx={{ px: 0, py: 1.25, alignItems: 'flex-start', gap: 2 }}>
            <ListItemText
              id={labelId}
              sx={{ my: 0 }}
              primary={flag.title || flag.name}
              secondary={
                <>
                  {flag.description}
                  {error && (
                    <FormHelperText error component="span" sx={{ display: 'block', mx: 0 }}>
                      {error}
                    </FormHelperText>
                  )}
                </>
              }
            />
            <Switch
              edge="end"
              checked={saving?.name === flag.name ? saving.enabled : enabled}
              onChange={(event) => toggle(flag, event.target.checked)}
              disabled={!editable || isPending}
              slotProps={{ input: { 'aria-labelledby': labelId } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

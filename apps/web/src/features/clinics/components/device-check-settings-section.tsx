import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { type DeviceCheckSettings, deviceCheckSettingsQueryOptions } from '../api/get-device-check-settings';
import { useResetDeviceCheckSettings } from '../api/reset-device-check-settings';
import { useSaveDeviceCheckSettings } from '../api/save-device-check-settings';
import { toPromptList, toPromptText } from '../prompt-lines';
import { describeSaveError } from '../setting-value';
import { UnsavedNote } from './unsaved-note';

function DeviceCheckForm({
  npi,
  settings,
  editable,
}: {
  npi: string;
  settings: DeviceCheckSettings;
  editable: boolean;
}) {
  const [savedText, setSavedText] = useState(() => toPromptText(settings.observationPrompts));
  const [text, setText] = useState(savedText);
  const dirty = text !== savedText;
  const [error, setError] = useState<string | null>(null);
  const save = useSaveDeviceCheckSettings();
  const reset = useResetDeviceCheckSettings();
  const busy = save.isPending || reset.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const observationPrompts = toPromptList(text);
    if (observationPrompts.length === 0) {
      setError('Enter at least one prompt.');
      return;
    }
    setError(null);
    save.mutate(
      { npi, isDefault: settings.isDefault, observationPrompts },
      {
        onSuccess: (saved) => {
          setSavedText(toPromptText(saved.observationPrompts));
          setText(toPromptText(saved.observationPrompts));
          enqueueSnackbar('Device-check prompts saved.', { variant: 'success' });
        },
        onError: (failure) => setError(describeSaveError(failure)),
      },
    );
  };

  const restoreDefaults = () => {
    setError(null);
    reset.mutate(
      { npi },
      {
        onSuccess: (saved) => {
          setSavedText(toPromptText(saved.observationPrompts));
          setText(toPromptText(saved.observationPrompts));
          enqueueSnackbar('Device-check prompts are back to the defaults.', { variant: 'success' });
        },
        onError: (failure) => setError(describeSaveError(failure)),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Device-check settings">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {settings.isDefault ? 'This clinic uses the default prompts.' : 'This clinic has its own prompts.'}
      </Typography>
      <TextField
        label="Observation prompts"
        multiline
        minRows={3}
        fullWidth
        size="small"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        disabled={!editable || busy}
        error={Boolean(error)}
        helperText={error ?? 'One prompt a line'}
      />
      {editable && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 1.5,
            mt: 2,
          }}
        >
          <UnsavedNote dirty={dirty} />
          <Button onClick={restoreDefaults} disabled={busy || settings.isDefault} loading={reset.isPending}>
            Reset to defaults
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || (!dirty && !settings.isDefault)}
            loading={save.isPending}
          >
            Save prompts
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The clinic's device-check observation prompts: its own (PATCH) or the defaults (POST to set its own). */
export function DeviceCheckSettingsSection({ npi, editable }: { npi: string; editable: boolean }) {
  const settings = useQuery({ ...deviceCheckSettingsQueryOptions(npi), meta: { silent: true } });
  if (settings.data) {
    return <DeviceCheckForm key={npi} npi={npi} settings={settings.data} editable={editable} />;
  }
  if (settings.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        }
      >
        {settings.error.message}
      </Alert>
    );
  }
  return <LinearProgress aria-label="Loading the device-check settings" />;
}

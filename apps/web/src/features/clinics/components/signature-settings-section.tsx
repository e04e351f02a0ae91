import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { describeBulkSigning, formatUserDisplayName, type MergedClinicConfiguration } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { clinicProvidersQueryOptions } from '../api/get-clinic-providers';
import {
  CLINIC_WIDE_USER_ID,
  type SignatureSettings,
  signatureSettingsQueryOptions,
} from '../api/get-signature-settings';
import { useUpdateSignatureSettings } from '../api/update-signature-settings';
import {
  NOTE_FIELDS,
  PROMPT_FIELDS,
  SIGNATURE_FIELD_LABELS,
  type SignatureSettingsErrors,
  type SignatureSettingsField,
  type SignatureSettingsValues,
  toSignatureSettingsChange,
  toSignatureSettingsErrors,
  toSignatureSettingsValues,
  validateSignatureSettings,
} from '../signature-settings-form';
import { UnsavedNote } from './unsaved-note';

function describeSource(settings: SignatureSettings, userId: string): string {
  if (userId === CLINIC_WIDE_USER_ID) {
    return settings.isDefault
      ? 'The clinic uses the default signature settings. Saving gives it its own.'
      : 'The clinic has its own signature settings.';
  }
  return settings.isDefault
    ? "This provider has no settings of their own and uses the clinic's. Saving gives them their own."
    : 'This provider has their own signature settings.';
}

function SignatureSettingsForm({
  npi,
  userId,
  settings,
  configuration,
  editable,
}: {
  npi: string;
  userId: string;
  settings: SignatureSettings;
  configuration: MergedClinicConfiguration;
  editable: boolean;
}) {
  const [saved, setSaved] = useState(() => toSignatureSettingsValues(settings));
  const [values, setValues] = useState(saved);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  // What bulk signing comes to with the switch as it stands (the rule the server applies).
  const bulkSigning = describeBulkSigning(configuration, { bulkSignEnabled: values.bulkSignEnabled });
  const [errors, setErrors] = useState<SignatureSettingsErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const update = useUpdateSignatureSettings();
  const formId = useId();
  const fieldId = (name: SignatureSettingsField) => `${formId}-${name}`;
  const disabled = !editable || update.isPending;

  const set = <K extends keyof SignatureSettingsValues>(name: K, value: SignatureSettingsValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirst = (found: SignatureSettingsErrors) => {
    const first = [...PROMPT_FIELDS, ...NOTE_FIELDS].find((field) => found[field.name]);
    if (first) document.getElementById(fieldId(first.name))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignatureSettings(values);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    update.mutate(
      { npi, userId, change: toSignatureSettingsChange(values) },
      {
        onSuccess: (stored) => {
          const storedValues = toSignatureSettingsValues(stored);
          setSaved(storedValues);
          setValues(storedValues);
          enqueueSnackbar('Signature settings saved.', { variant: 'success' });
        },
        onError: (error) => {
          const { fields, other } = toSignatureSettingsErrors(error);
          setErrors(fields);
          setProblems(other);
          focusFirst(fields);
          enqueueSnackbar('The signature settings were not saved.', { variant: 'error' });
        },
      },
    );
  };

  const helper = (name: SignatureSettingsField, hint?: ReactNode) => errors[name] ?? hint;

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} aria-label="Signature settings">
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ mb: 2 }}
        data-testid="signature-settings-source"
      >
        {describeSource(settings, userId)}
      </Typography>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
      >
        {PROMPT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={fieldId(field.name)}
            label={field.label}
            multiline
            minRows={3}
            size="small"
            value={values[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
            disabled={disabled}
            error={Boolean(errors[field.name])}
            helperText={helper(field.name, 'One prompt a line')}
          />
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
          mt: 3,
        }}
      >
        {NOTE_FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={fieldId(field.name)}
            label={field.label}
            size="small"
            value={values[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
            disabled={disabled}
            error={Boolean(errors[field.name])}
            helperText={helper(field.name)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, mt: 2 }}>
        {(['rpmSelectByDos', 'bulkSignEnabled'] as const).map((name) => (
          <Box key={name}>
            <FormControlLabel
              control={
                <Switch
                  id={fieldId(name)}
                  checked={values[name]}
                  onChange={(event) => set(name, event.target.checked)}
                  disabled={disabled}
                />
              }
              label={SIGNATURE_FIELD_LABELS[name]}
            />
            {errors[name] && (
              <Typography variant="caption" color="error" component="p">
                {errors[name]}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Typography
        variant="body2"
        color="textSecondary"
        sx={{ mt: 0.5 }}
        data-testid="bulk-signing-effect"
        id={`${formId}-bulk-signing-effect`}
      >
        {userId === CLINIC_WIDE_USER_ID
          ? 'For providers without their own settings: '
          : 'For this provider: '}
        {bulkSigning.summary}.
      </Typography>
      {editable && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, mt: 2 }}>
          <UnsavedNote dirty={dirty} />
          {/* Unchanged inherited settings can still be saved: that gives the clinic or provider their own. */}
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            disabled={!dirty && !settings.isDefault}
          >
            Save signature settings
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Whose settings: the clinic's ('0') or one of its providers'. */
function SettingsOwnerPicker({
  npi,
  userId,
  onChange,
}: {
  npi: string;
  userId: string;
  onChange: (userId: string) => void;
}) {
  const providers = useQuery({ ...clinicProvidersQueryOptions(npi), meta: { silent: true } });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
      <TextField
        select
        size="small"
        label="Settings for"
        value={userId}
        onChange={(event) => onChange(event.target.value)}
        sx={{ width: { xs: '100%', sm: 360 } }}
        helperText={
          providers.isPending ? 'Loading the providers…' : "The clinic's settings, or one provider's"
        }
      >
        <MenuItem value={CLINIC_WIDE_USER_ID}>Whole clinic</MenuItem>
        {(providers.data ?? []).map((provider) => (
          <MenuItem key={provider.id} value={provider.id}>
            {formatUserDisplayName(provider.attributes)}
          </MenuItem>
        ))}
      </TextField>
      {providers.isError && (
        <Alert
          severity="warning"
          sx={{ flex: 1, minWidth: 240 }}
          action={
            <Button color="inherit" size="small" onClick={() => void providers.refetch()}>
              Retry
            </Button>
          }
        >
          The providers could not be loaded: {providers.error.message}
        </Alert>
      )}
    </Box>
  );
}

function SignatureSettingsLoader({
  npi,
  userId,
  configuration,
  editable,
}: {
  npi: string;
  userId: string;
  configuration: MergedClinicConfiguration;
  editable: boolean;
}) {
  const settings = useQuery({ ...signatureSettingsQueryOptions(npi, userId), meta: { silent: true } });
  if (settings.data) {
    return (
      <SignatureSettingsForm
        key={`${npi}-${userId}`}
        npi={npi}
        userId={userId}
        settings={settings.data}
        configuration={configuration}
        editable={editable}
      />
    );
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
  return <LinearProgress aria-label="Loading the signature settings" />;
}

/**
 * Signature settings of the clinic ('0', clinic-wide) or of one of its providers: prompts per service
 * line, notes and signing switches. A provider without their own settings uses the clinic's.
 */
export function SignatureSettingsSection({
  npi,
  configuration,
  editable,
}: {
  npi: string;
  /** The clinic's merged flags and settings: bulk signing's effect depends on them. */
  configuration: MergedClinicConfiguration;
  editable: boolean;
}) {
  const [userId, setUserId] = useState(CLINIC_WIDE_USER_ID);
  return (
    <>
      {editable && <SettingsOwnerPicker npi={npi} userId={userId} onChange={setUserId} />}
      <SignatureSettingsLoader npi={npi} userId={userId} configuration={configuration} editable={editable} />
    </>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import {
  CLINIC_WIDE_USER_ID,
  type SignatureSettings,
  signatureSettingsQueryOptions,
} from '../api/get-signature-settings';
import { useUpdateSignatureSettings } from '../api/update-signature-settings';
import { toPromptList, toPromptText } from '../prompt-lines';
import { describeSaveError } from '../setting-value';

const PROMPT_FIELDS = [
  { name: 'crmPrompts', label: 'CRM prompts' },
  { name: 'wcdPrompts', label: 'WCD prompts' },
  { name: 'sleepPrompts', label: 'Sleep prompts' },
  { name: 'abpmPrompts', label: 'ABPM prompts' },
  { name: 'rpmPrompts', label: 'RPM prompts' },
] as const;

const NOTE_FIELDS = [
  { name: 'noIssuesNote', label: 'No-issues note' },
  { name: 'quickSignNote', label: 'Quick-sign note' },
  { name: 'bulkSignNote', label: 'Bulk-sign note' },
] as const;

type PromptField = (typeof PROMPT_FIELDS)[number]['name'];
type NoteField = (typeof NOTE_FIELDS)[number]['name'];
type Values = Record<PromptField | NoteField, string> & { rpmSelectByDos: boolean; bulkSignEnabled: boolean };

function toValues(settings: SignatureSettings): Values {
  return {
    crmPrompts: toPromptText(settings.crmPrompts),
    wcdPrompts: toPromptText(settings.wcdPrompts),
    sleepPrompts: toPromptText(settings.sleepPrompts),
    abpmPrompts: toPromptText(settings.abpmPrompts),
    rpmPrompts: toPromptText(settings.rpmPrompts),
    noIssuesNote: settings.noIssuesNote,
    quickSignNote: settings.quickSignNote,
    bulkSignNote: settings.bulkSignNote,
    rpmSelectByDos: settings.rpmSelectByDos,
    bulkSignEnabled: settings.bulkSignEnabled,
  };
}

function SignatureSettingsForm({
  npi,
  settings,
  editable,
}: {
  npi: string;
  settings: SignatureSettings;
  editable: boolean;
}) {
  const [values, setValues] = useState(() => toValues(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateSignatureSettings();
  const formId = useId();
  const disabled = !editable || update.isPending;

  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    update.mutate(
      {
        npi,
        userId: CLINIC_WIDE_USER_ID,
        change: {
          crmPrompts: toPromptList(values.crmPrompts),
          wcdPrompts: toPromptList(values.wcdPrompts),
          sleepPrompts: toPromptList(values.sleepPrompts),
          abpmPrompts: toPromptList(values.abpmPrompts),
          rpmPrompts: toPromptList(values.rpmPrompts),
          noIssuesNote: values.noIssuesNote.trim(),
          quickSignNote: values.quickSignNote.trim(),
          bulkSignNote: values.bulkSignNote.trim(),
          rpmSelectByDos: values.rpmSelectByDos,
          bulkSignEnabled: values.bulkSignEnabled,
        },
      },
      {
        onSuccess: (saved) => {
          setValues(toValues(saved));
          enqueueSnackbar('Signature settings saved.', { variant: 'success' });
        },
        onError: (error) => setProblem(describeSaveError(error)),
      },
    );
  };

  return (
    <Box component="form" id={formId} noValidate onSubmit={submit} aria-label="Signature settings">
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}
      >
        {PROMPT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            multiline
            minRows={3}
            size="small"
            value={values[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
            disabled={disabled}
            helperText="One prompt a line"
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
            label={field.label}
            size="small"
            value={values[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
            disabled={disabled}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, mt: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={values.rpmSelectByDos}
              onChange={(event) => set('rpmSelectByDos', event.target.checked)}
              disabled={disabled}
            />
          }
          label="Select RPM reports by date of service"
        />
        <FormControlLabel
          control={
            <Switch
              checked={values.bulkSignEnabled}
              onChange={(event) => set('bulkSignEnabled', event.target.checked)}
              disabled={disabled}
            />
          }
          label="Bulk signing"
        />
      </Box>
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={update.isPending}>
            Save signature settings
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The clinic-wide ('0') signature settings: prompts per service line, notes and signing switches. */
export function SignatureSettingsSection({ npi, editable }: { npi: string; editable: boolean }) {
  const settings = useQuery({ ...signatureSettingsQueryOptions(npi), meta: { silent: true } });
  if (settings.data) {
    return <SignatureSettingsForm key={npi} npi={npi} settings={settings.data} editable={editable} />;
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

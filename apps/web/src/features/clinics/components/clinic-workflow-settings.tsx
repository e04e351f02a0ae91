import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { findSettingRange } from '@portal/domain';
import { useState } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { toClinicBody, withWorkflow } from '../api/clinic-body';
import { useUpdateClinic } from '../api/update-clinic';
import {
  describeRange,
  describeSaveError,
  labelEnumOption,
  parseIntegerInput,
  parseValueType,
} from '../setting-value';
import type { Clinic, ClinicDefault } from '../types';

type SettingValue = string | number | null;
type Setting = { enabled: boolean; value: SettingValue };

type SettingRowProps = {
  setting: ClinicDefault;
  current: Setting;
  editable: boolean;
  saving: boolean;
  error: string | undefined;
  onSave: (next: Setting) => void;
  onInvalid: (message: string) => void;
};

function SettingRow({ setting, current, editable, saving, error, onSave, onInvalid }: SettingRowProps) {
  const type = parseValueType(setting.valueType, setting.value);
  // The whole numbers the server accepts for it, shown in the field and checked before sending.
  const range = findSettingRange(setting.name, setting.valueType);
  const savedText = current.value === null ? '' : String(current.value);
  const [text, setText] = useState(savedText);
  const titleId = `setting-${setting.name}`;
  const label = setting.title || setting.name;
  const disabled = !editable || saving;
  const changed = text !== savedText;
  const hint = [
    range ? `A whole number ${describeRange(range)}.` : null,
    changed && !saving ? 'Press Enter or leave the field to save.' : null,
    saving ? 'Saving…' : null,
  ]
    .filter(Boolean)
    .join(' ');

  const saveText = () => {
    if (!changed) return;
    if (type.kind === 'integer') {
      const parsed = parseIntegerInput(text, range);
      if ('error' in parsed) onInvalid(parsed.error);
      else onSave({ ...current, value: parsed.value });
    } else {
      onSave({ ...current, value: text.trim() });
    }
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 1fr) 280px auto' },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={titleId}>{label}</Typography>
        {setting.description && (
          <Typography variant="body2" color="textSecondary">
            {setting.description}
          </Typography>
        )}
      </Box>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, gridRow: { xs: 2, md: 'auto' } }}>
        {type.kind === 'enum' && (
          <TextField
            select
            size="small"
            fullWidth
            label={label}
            value={current.value === null ? '' : String(current.value)}
            onChange={(event) => onSave({ ...current, value: event.target.value })}
            disabled={disabled}
            error={Boolean(error)}
          >
            {type.options.map((option) => (
              <MenuItem key={option} value={option}>
                {labelEnumOption(option)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {(type.kind === 'integer' || type.kind === 'string') && (
          <TextField
            size="small"
            fullWidth
            label={label}
            type={type.kind === 'integer' ? 'number' : 'text'}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={saveText}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveText();
            }}
            disabled={disabled}
            error={Boolean(error)}
            slotProps={{
              htmlInput:
                type.kind === 'integer'
                  ? { step: 1, inputMode: 'numeric', min: range?.min, max: range?.max }
                  : {},
            }}
            helperText={error ? undefined : hint || undefined}
          />
        )}
        {error && (
          <FormHelperText error role="alert">
            {error}
          </FormHelperText>
        )}
      </Box>
      <Switch
        checked={current.enabled}
        onChange={(event) => onSave({ ...current, enabled: event.target.checked })}
        disabled={disabled}
        slotProps={{ input: { 'aria-label': `${label} enabled` } }}
        sx={{ gridRow: { xs: 1, md: 'auto' }, gridColumn: { xs: 2, md: 'auto' } }}
      />
    </Box>
  );
}

/** Every workflow default with the clinic's merged value: a switch for enabled and an input by value type. */
export function ClinicWorkflowSettings({
  clinic,
  defaults,
  editable,
}: {
  clinic: Clinic;
  defaults: ClinicDefault[];
  editable: boolean;
}) {
  const { mutate, isPending } = useUpdateClinic({ silent: true });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const save = (setting: ClinicDefault, next: Setting) => {
    setSaving(setting.name);
    setErrors((current) => ({ ...current, [setting.name]: undefined }));
    mutate(
      { id: clinic.id, body: withWorkflow(toClinicBody(clinic), { name: setting.name, ...next }) },
      {
        onSuccess: () => enqueueSnackbar(`${setting.title || setting.name} saved.`, { variant: 'success' }),
        onError: (error) =>
          setErrors((current) => ({ ...current, [setting.name]: describeSaveError(error) })),
        onSettled: () => setSaving(null),
      },
    );
  };

  if (defaults.length === 0) return <FormHelperText>There are no workflow settings.</FormHelperText>;

  return (
    <Box>
      {defaults.map((setting) => {
        const merged = clinic.settings[setting.name];
        const current: Setting = merged ?? { enabled: setting.enabled, value: setting.value };
        return (
          <SettingRow
            key={`${setting.id}-${String(current.value)}`}
            setting={setting}
            current={current}
            editable={editable && !isPending}
            saving={saving === setting.name}
            error={errors[setting.name]}
            onSave={(next) => save(setting, next)}
            onInvalid={(message) => setErrors((all) => ({ ...all, [setting.name]: message }))}
          />
        );
      })}
    </Box>
  );
}

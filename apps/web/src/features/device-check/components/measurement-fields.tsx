import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DeviceCheckField, DeviceCheckGroup } from '@portal/domain';
import { type FieldErrors, statusLabel } from '../device-check-form';

export const measurementInputId = (key: string) => `measurement-${key.replace(/[^A-Za-z0-9]/g, '-')}`;

function rangeHint(field: DeviceCheckField): string {
  if (field.kind !== 'number') return field.required ? 'Required' : ' ';
  const { min, max } = field.range;
  const unit = field.unit === '%' ? '%' : ` ${field.unit}`;
  return max >= 10_000 ? `${min} or more` : `${min}–${max}${unit}`;
}

function MeasurementInput({
  field,
  value,
  error,
  onChange,
}: {
  field: DeviceCheckField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = measurementInputId(field.key);
  const common = {
    id,
    label: field.label,
    required: field.required,
    value,
    error: Boolean(error),
    // The message names the field, so it reads whole when a screen reader announces it alone.
    helperText: error ? `${field.label} ${error}` : rangeHint(field),
    size: 'small' as const,
    fullWidth: true,
    slotProps: { htmlInput: { 'data-measurement': field.key } },
  };
  if (field.kind === 'status') {
    return (
      <TextField {...common} select onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="">
          <em>Not recorded</em>
        </MenuItem>
        {field.values.map((status) => (
          <MenuItem key={status} value={status}>
            {statusLabel(status)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (field.kind === 'text') {
    return <TextField {...common} onChange={(event) => onChange(event.target.value)} />;
  }
  return (
    <TextField
      {...common}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-measurement': field.key },
        input: { endAdornment: <InputAdornment position="end">{field.unit}</InputAdornment> },
      }}
    />
  );
}

/** The lead configuration's measurement fields, grouped (battery, each lead, HV, pacing, episodes…). */
export function MeasurementFields({
  groups,
  values,
  errors,
  onChange,
}: {
  groups: readonly DeviceCheckGroup[];
  values: Record<string, string>;
  errors: FieldErrors;
  onChange: (key: string, value: string) => void;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {groups.map((group) => (
        <Paper
          key={group.id}
          variant="outlined"
          component="fieldset"
          sx={{ m: 0, p: 2, pt: 1.5, minWidth: 0, borderRadius: 1 }}
          data-group={group.id}
        >
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5, fontWeight: 700 }}>
            {group.title}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              columnGap: 1.5,
              rowGap: 1.5,
              mt: 1,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {group.fields.map((field) => (
              <MeasurementInput
                key={field.key}
                field={field}
                value={values[field.key] ?? ''}
                error={errors[`measurements.${field.key}`]}
                onChange={(value) => onChange(field.key, value)}
              />
            ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { listEnumOptions, type SettingValueType } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useCreateDefault } from '../api/create-default';
import { useUpdateDefault } from '../api/update-default';
import {
  changeValueType,
  DEFAULT_FIELD_LABELS,
  type DefaultFieldErrors,
  type DefaultFormField,
  type DefaultFormValues,
  EMPTY_DEFAULT_FORM,
  toDefaultBody,
  toDefaultFormValues,
  VALUE_TYPE_LABELS,
  VALUE_TYPES,
  validateDefaultForm,
} from '../default-form';
import { type AnyDefault, DEFAULT_KIND_LABELS, type DefaultKind } from '../types';

export type DefaultDialogTarget = { mode: 'create' } | { mode: 'edit'; row: AnyDefault };

type DefaultFormDialogProps = {
  kind: DefaultKind;
  target: DefaultDialogTarget;
  open: boolean;
  onClose: () => void;
};

/**
 * Add a feature-flag or workflow default, or edit one. The name is fixed once created: clinics keep
 * their own values under it. The page keys the dialog per opening, so each starts fresh.
 */
export function DefaultFormDialog({ kind, target, open, onClose }: DefaultFormDialogProps) {
  const [values, setValues] = useState<DefaultFormValues>(() =>
    target.mode === 'edit' ? toDefaultFormValues(target.row) : EMPTY_DEFAULT_FORM,
  );
  const [errors, setErrors] = useState<DefaultFieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const create = useCreateDefault();
  const update = useUpdateDefault();
  const saving = create.isPending || update.isPending;
  const formId = useId();
  const fieldId = (name: DefaultFormField) => `${formId}-${name}`;
  const isWorkflow = kind === 'workflows';
  const { singular } = DEFAULT_KIND_LABELS[kind];

  const change = (next: Partial<DefaultFormValues>, fields: DefaultFormField[]) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors((current) => {
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      return rest;
    });
  };

  const focusFirst = (found: DefaultFieldErrors) => {
    const order: DefaultFormField[] = ['name', 'title', 'description', 'valueType', 'value', 'enabled'];
    const first = order.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDefaultForm(values, kind);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const body = toDefaultBody(values, kind);
    try {
      if (target.mode === 'create') {
        await create.mutateAsync({ kind, body });
        enqueueSnackbar(`${body.title} was added.`, { variant: 'success' });
      } else {
        await update.mutateAsync({ kind, id: target.row.id, body });
        enqueueSnackbar(`${body.title} was saved.`, { variant: 'success' });
      }
      onClose();
    } catch (error) {
      // The snackbar has the server's message already; its field problems go beside the fields.
      const { fields, other } = toServerFieldErrors(error, DEFAULT_FIELD_LABELS);
      setErrors(fields);
      setProblems(other);
      focusFirst(fields);
    }
  };

  const text = (name: 'name' | 'title' | 'description') => ({
    id: fieldId(name),
    label: DEFAULT_FIELD_LABELS[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => change({ [name]: event.target.value }, [name]),
    error: Boolean(errors[name]),
    disabled: saving,
    size: 'small' as const,
    fullWidth: true,
  });

  const enumOptions = listEnumOptions(values.valueType);

  return (
    <FormDialog
      open={open}
      title={target.mode === 'edit' ? `Edit ${singular} default` : `New ${singular} default`}
      submitLabel={target.mode === 'edit' ? 'Save changes' : 'Add default'}
      saving={saving}
      problems={problems}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      formId={formId}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <TextField
          {...text('name')}
          required
          autoFocus={target.mode === 'create'}
          disabled={saving || target.mode === 'edit'}
          helperText={
            errors.name ??
            (target.mode === 'edit'
              ? 'Fixed: clinics keep their own values under it.'
              : 'camelCase, e.g. bulkSigning')
          }
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <TextField
          {...text('title')}
          required
          autoFocus={target.mode === 'edit'}
          helperText={errors.title ?? 'Shown to administrators'}
        />
        <TextField
          {...text('description')}
          multiline
          minRows={2}
          helperText={errors.description ?? ' '}
          sx={{ gridColumn: { sm: 'span 2' } }}
        />
        {isWorkflow && (
          <TextField
            id={fieldId('valueType')}
            select
            size="small"
            fullWidth
            required
            label={DEFAULT_FIELD_LABELS.valueType}
            value={values.valueType}
            onChange={(event) =>
              change(changeValueType(values, event.target.value as SettingValueType), ['valueType', 'value'])
            }
            error={Boolean(errors.valueType)}
            helperText={errors.valueType ?? 'How the value is read'}
            disabled={saving}
          >
            {VALUE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {VALUE_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {isWorkflow && enumOptions.length > 0 && (
          <TextField
            id={fieldId('value')}
            select
            size="small"
            fullWidth
            required
            label={DEFAULT_FIELD_LABELS.value}
            value={values.value}
            onChange={(event) => change({ value: event.target.value }, ['value'])}
            error={Boolean(errors.value)}
            helperText={errors.value ?? 'The value clinics get unless they set their own'}
            disabled={saving}
          >
            {enumOptions.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        )}
        {isWorkflow && values.valueType === 'integer' && (
          <TextField
            id={fieldId('value')}
            size="small"
            fullWidth
            required
            label={DEFAULT_FIELD_LABELS.value}
            value={values.value}
            onChange={(event) => change({ value: event.target.value }, ['value'])}
            error={Boolean(errors.value)}
            helperText={errors.value ?? 'A whole number'}
            disabled={saving}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        )}
        {isWorkflow && values.valueType === 'string' && (
          <TextField
            id={fieldId('value')}
            size="small"
            fullWidth
            label={DEFAULT_FIELD_LABELS.value}
            value={values.onOffOnly ? '' : values.value}
            onChange={(event) => change({ value: event.target.value }, ['value'])}
            error={Boolean(errors.value)}
            helperText={errors.value ?? (values.onOffOnly ? 'No value: on/off only' : 'Any text')}
            disabled={saving || values.onOffOnly}
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, mt: 1 }}>
        <FormControlLabel
          control={
            <Switch
              id={fieldId('enabled')}
              checked={values.enabled}
              onChange={(event) => change({ enabled: event.target.checked }, ['enabled'])}
              disabled={saving}
            />
          }
          label="Enabled by default"
        />
        {isWorkflow && values.valueType === 'string' && (
          <FormControlLabel
            control={
              <Switch
                checked={values.onOffOnly}
                onChange={(event) => change({ onOffOnly: event.target.checked }, ['value'])}
                disabled={saving}
              />
            }
            label="On/off only (no value)"
          />
        )}
      </Box>
    </FormDialog>
  );
}

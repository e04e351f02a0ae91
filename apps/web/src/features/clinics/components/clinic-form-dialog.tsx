import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { toClinicBody } from '../api/clinic-body';
import { useCreateClinic } from '../api/create-clinic';
import { useUpdateClinic } from '../api/update-clinic';
import {
  type ClinicFieldErrors,
  type ClinicFormField,
  type ClinicFormValues,
  EMPTY_CLINIC_FORM,
  toClinicBodyFromForm,
  toClinicFieldErrors,
  toClinicFormValues,
  validateClinicForm,
} from '../clinic-form';
import type { Clinic } from '../types';
import { DeactivateClinicDialog } from './deactivate-clinic-dialog';

export type ClinicDialogTarget = { mode: 'create' } | { mode: 'edit'; clinic: Clinic };

type TextFieldSpec = {
  name: Exclude<ClinicFormField, 'isActive'>;
  label: string;
  required?: boolean;
  helperText?: string;
};

const TEXT_FIELDS: TextFieldSpec[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'npi', label: 'NPI', required: true, helperText: '10 digits' },
  { name: 'code', label: 'Code', required: true, helperText: 'Short code shown in lists' },
  {
    name: 'samlConnectionName',
    label: 'SAML connection',
    helperText: 'Optional single sign-on connection',
  },
];

function ClinicForm({
  target,
  open,
  onClose,
}: {
  target: ClinicDialogTarget;
  open: boolean;
  onClose: () => void;
}) {
  const [values, setValues] = useState<ClinicFormValues>(
    target.mode === 'edit' ? toClinicFormValues(target.clinic) : EMPTY_CLINIC_FORM,
  );
  const [errors, setErrors] = useState<ClinicFieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const createClinic = useCreateClinic();
  const updateClinic = useUpdateClinic({ silent: true });
  const saving = createClinic.isPending || updateClinic.isPending;
  const formId = useId();

  const setField = <K extends ClinicFormField>(name: K, value: ClinicFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const focusFirst = (found: ClinicFieldErrors) => {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  // Saving an edit that deactivates the clinic asks first, as the list's switch does.
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const deactivates = target.mode === 'edit' && target.clinic.isActive && !values.isActive;

  const save = async () => {
    try {
      if (target.mode === 'create') {
        const created = await createClinic.mutateAsync(toClinicBodyFromForm(values));
        enqueueSnackbar(`${created.name} was added.`, { variant: 'success' });
      } else {
        const { featureFlags, workflows } = toClinicBody(target.clinic);
        await updateClinic.mutateAsync({
          id: target.clinic.id,
          body: toClinicBodyFromForm(values, { featureFlags, workflows }),
        });
        enqueueSnackbar('Changes saved.', { variant: 'success' });
      }
      onClose();
    } catch (error) {
      const { fields, other } = toClinicFieldErrors(error);
      setErrors(fields);
      setProblems(other);
      focusFirst(fields);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateClinicForm(values);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    if (deactivates) setConfirmingDeactivation(true);
    else void save();
  };

  return (
    <FormDialog
      open={open}
      title={target.mode === 'edit' ? 'Edit clinic' : 'New clinic'}
      submitLabel={target.mode === 'create' ? 'Add clinic' : 'Save changes'}
      saving={saving}
      problems={problems}
      onSubmit={submit}
      onClose={onClose}
      formId={formId}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${formId}-${field.name}`}
            label={field.label}
            required={field.required}
            size="small"
            value={values[field.name]}
            onChange={(event) => setField(field.name, event.target.value)}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ?? field.helperText}
            disabled={saving}
            autoFocus={field.name === 'name'}
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
            sx={{ gridColumn: field.name === 'name' ? { sm: 'span 2' } : undefined }}
          />
        ))}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={values.isActive}
            onChange={(event) => setField('isActive', event.target.checked)}
            disabled={saving}
          />
        }
        label="Active"
      />
      {deactivates && (
        <DeactivateClinicDialog
          clinicName={target.clinic.name}
          open={confirmingDeactivation}
          pending={saving}
          onConfirm={() => {
            setConfirmingDeactivation(false);
            void save();
          }}
          onClose={() => setConfirmingDeactivation(false)}
        />
      )}
    </FormDialog>
  );
}

/** Add a clinic or edit its identity. The page keys the dialog per opening, so each starts fresh. */
export function ClinicFormDialog({
  target,
  open,
  onClose,
}: {
  target: ClinicDialogTarget | null;
  open: boolean;
  onClose: () => void;
}) {
  return target ? <ClinicForm target={target} open={open} onClose={onClose} /> : null;
}

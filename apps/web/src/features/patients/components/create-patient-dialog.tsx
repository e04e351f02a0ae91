import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { LikelyDuplicatePatient } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormDialogBody } from '../../../components/form-dialog';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import { formatPatientName } from '../../../lib/patient-format';
import { patientPagePath } from '../../../lib/patients';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useCreatePatient } from '../api/create-patient';
import {
  CREATE_PATIENT_LABELS,
  type CreatePatientField,
  type CreatePatientValues,
  type DeviceValues,
  EMPTY_CREATE_PATIENT,
  type FormErrors,
  toCreatePatientBody,
  toFormErrors,
  validateCreatePatient,
} from '../patient-form';
import { PATIENT_CREATE_ERROR_MESSAGE, PATIENT_CREATED_MESSAGE } from '../patient-messages';
import { DeviceFields } from './device-fields';
import { DuplicateWarning } from './duplicate-warning';
import { GENDER_OPTIONS, OAC_STATUS_OPTIONS } from './patient-options';

type CreatePatientDialogProps = { clinicNpi: string; open: boolean; onClose: () => void };

/**
 * Add a patient by hand (the clinic's 'create new patients' flag). When the patient probably exists
 * already (the same dob and a similar name, or the same device serial) the server lists the candidates:
 * the dialog shows them, to open the existing record or to create this one anyway.
 */
export function CreatePatientDialog({ clinicNpi, open, onClose }: CreatePatientDialogProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const formId = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState<CreatePatientValues>(EMPTY_CREATE_PATIENT);
  const [errors, setErrors] = useState<FormErrors<CreatePatientField>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [duplicates, setDuplicates] = useState<LikelyDuplicatePatient[] | null>(null);
  const create = useCreatePatient(clinicNpi);
  const saving = create.isPending;

  const change = (changes: Partial<CreatePatientValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as CreatePatientField];
      return next;
    });
  };
  const setField = (name: CreatePatientField, value: string) => change({ [name]: value });

  const focusFirst = (found: FormErrors<CreatePatientField>) => {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  const send = async (confirmNotDuplicate: boolean) => {
    setProblems([]);
    try {
      const outcome = await create.mutateAsync(toCreatePatientBody(values, confirmNotDuplicate));
      if (outcome.kind === 'duplicates') {
        setDuplicates(outcome.duplicates);
        return;
      }
      enqueueSnackbar(PATIENT_CREATED_MESSAGE(formatPatientName(outcome.patient.attributes)), {
        variant: 'success',
      });
      onClose();
      navigate(patientPagePath(clinicNpi, outcome.patient.id));
    } catch (error) {
      enqueueSnackbar(PATIENT_CREATE_ERROR_MESSAGE, { variant: 'error' });
      const { fields, other } = toFormErrors(error, CREATE_PATIENT_LABELS);
      setDuplicates(null);
      setErrors(fields);
      setProblems(other);
      // After the form is back on screen.
      setTimeout(() => focusFirst(fields), 0);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCreatePatient(values);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    void send(false);
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={narrow}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {duplicates ? 'This patient may already exist' : 'Add a patient'}
      </DialogTitle>
      {duplicates ? (
        <DuplicateWarning
          clinicNpi={clinicNpi}
          entered={values}
          duplicates={duplicates}
          saving={saving}
          onBack={() => setDuplicates(null)}
          onCreateAnyway={() => void send(true)}
          onOpenExisting={onClose}
        />
      ) : (
        <FormDialogBody
          formId={formId}
          titleId={titleId}
          submitLabel="Add patient"
          saving={saving}
          problems={problems}
          onSubmit={submit}
          onClose={onClose}
        >
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1.5 }}>
            Patient
          </Typography>
          <PatientFields
            formId={formId}
            values={values}
            errors={errors}
            onChange={setField}
            disabled={saving}
          />
          <Divider sx={{ my: 2.5 }} />
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1.5 }}>
            Device
          </Typography>
          <DeviceFields
            idPrefix={formId}
            values={values}
            errors={errors}
            onChange={(changes: Partial<DeviceValues>) => change(changes)}
            disabled={saving}
          />
        </FormDialogBody>
      )}
    </Dialog>
  );
}

function PatientFields({
  formId,
  values,
  errors,
  onChange,
  disabled,
}: {
  formId: string;
  values: CreatePatientValues;
  errors: FormErrors<CreatePatientField>;
  onChange: (name: CreatePatientField, value: string) => void;
  disabled: boolean;
}) {
  const field = (name: CreatePatientField) => ({
    formId,
    name,
    label: CREATE_PATIENT_LABELS[name],
    value: values[name],
    onChange,
    error: errors[name],
    disabled,
  });
  return (
    <Box sx={FORM_GRID_SX}>
      <FormField
        {...field('patientId')}
        required
        autoFocus
        span={3}
        helperText="The clinic's own identifier"
      />
      <FormField
        {...field('fmId')}
        span={3}
        helperText="Optional: links the patient to FileMaker for syncing"
      />
      <FormField {...field('firstName')} required span={2} />
      <FormField {...field('middleName')} span={2} />
      <FormField {...field('lastName')} required span={2} />
      <FormField {...field('dob')} type="date" required span={2} />
      <FormField {...field('gender')} options={GENDER_OPTIONS} span={2} />
      <FormField {...field('physicianNpi')} span={2} inputMode="numeric" />
      <FormField {...field('oacStatus')} options={OAC_STATUS_OPTIONS} span={3} />
    </Box>
  );
}

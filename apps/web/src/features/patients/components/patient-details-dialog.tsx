import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { PatientResource } from '@portal/domain';
import { FormDialog } from '../../../components/form-dialog';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import { useUpdatePatient } from '../api/update-patient';
import { usePatientForm } from '../hooks/use-patient-form';
import {
  PATIENT_DETAILS_LABELS,
  toDetailsValues,
  toUpdatePatientBody,
  validatePatientDetails,
} from '../patient-form';
import { CHANGES_SAVED_MESSAGE, PATIENT_UPDATE_ERROR_MESSAGE } from '../patient-messages';
import { GENDER_OPTIONS } from './patient-options';

/** The patient's identity: patient ID, names, date of birth, gender and following physician. */
export function PatientDetailsDialog({
  patient,
  onClose,
}: {
  patient: PatientResource;
  onClose: () => void;
}) {
  const { attributes } = patient;
  const update = useUpdatePatient(attributes.clinicNpi, patient.id);
  const form = usePatientForm({
    initial: toDetailsValues(attributes),
    labels: PATIENT_DETAILS_LABELS,
    validate: (values) => validatePatientDetails(values),
    save: (values) => {
      const body = toUpdatePatientBody(attributes, values);
      return body ? update.mutateAsync(body) : null;
    },
    errorMessage: PATIENT_UPDATE_ERROR_MESSAGE,
    successMessage: CHANGES_SAVED_MESSAGE,
    onDone: onClose,
  });
  const field = form.fieldProps;
  return (
    <FormDialog {...form.dialogProps} title="Edit patient details" submitLabel="Save changes">
      {attributes.fmId && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This patient is synced from FileMaker. Changed names, gender and physician are kept as overrides,
          which a sync never replaces; set a value back to FileMaker's to drop its override.
        </Alert>
      )}
      <Box sx={FORM_GRID_SX}>
        <FormField {...field('patientId')} required span={3} />
        <FormField {...field('dob')} type="date" required span={3} />
        <FormField {...field('firstName')} required span={2} />
        <FormField {...field('middleName')} span={2} />
        <FormField {...field('lastName')} required span={2} />
        <FormField {...field('gender')} options={GENDER_OPTIONS} span={3} />
        <FormField {...field('physicianNpi')} span={3} inputMode="numeric" />
      </Box>
    </FormDialog>
  );
}

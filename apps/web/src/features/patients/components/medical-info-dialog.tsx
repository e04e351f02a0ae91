import Box from '@mui/material/Box';
import type { PatientResource } from '@portal/domain';
import { FormDialog } from '../../../components/form-dialog';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import { useSaveSupplimentalInfo } from '../api/save-supplimental-info';
import { usePatientForm } from '../hooks/use-patient-form';
import { MEDICAL_LABELS, toMedicalBody, toMedicalValues, validateMedical } from '../patient-form';
import { CHANGES_SAVED_MESSAGE, PATIENT_UPDATE_ERROR_MESSAGE } from '../patient-messages';
import { YES_NO_OPTIONS } from './patient-options';

/** SPEC §3 medicalInfo: pacer dependence, LAAO, AF history, EF, last echo and AF dates, ICD-10 codes. */
export function MedicalInfoDialog({ patient, onClose }: { patient: PatientResource; onClose: () => void }) {
  const save = useSaveSupplimentalInfo(patient.attributes.clinicNpi, patient.id);
  const form = usePatientForm({
    initial: toMedicalValues(patient.attributes.medicalInfo),
    labels: MEDICAL_LABELS,
    validate: (values) => validateMedical(values),
    save: (values) => save.mutateAsync({ medicalInfo: toMedicalBody(values) }),
    errorMessage: PATIENT_UPDATE_ERROR_MESSAGE,
    successMessage: CHANGES_SAVED_MESSAGE,
    onDone: onClose,
  });
  const field = form.fieldProps;
  return (
    <FormDialog {...form.dialogProps} title="Edit medical information" submitLabel="Save changes">
      <Box sx={FORM_GRID_SX}>
        <FormField {...field('hasAfibHistory')} options={YES_NO_OPTIONS} span={3} />
        <FormField {...field('dateOfLastAfib')} type="date" span={3} />
        <FormField {...field('hasLAAO')} options={YES_NO_OPTIONS} span={3} />
        <FormField {...field('isPacerDependent')} options={YES_NO_OPTIONS} span={3} />
        <FormField {...field('efPercentage')} span={3} inputMode="decimal" helperText="0 to 100" />
        <FormField {...field('dateOfLastEcho')} type="date" span={3} />
        <FormField
          {...field('icd10Codes')}
          span={6}
          helperText="Separated by commas or spaces, e.g. I48.0, Z95.0"
        />
      </Box>
    </FormDialog>
  );
}

import Box from '@mui/material/Box';
import type { PatientResource } from '@portal/domain';
import { FormDialog } from '../../../components/form-dialog';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import { useSaveSupplimentalInfo } from '../api/save-supplimental-info';
import { usePatientForm } from '../hooks/use-patient-form';
import { CONTACT_LABELS, toContactBody, toContactValues, validateContact } from '../patient-form';
import { CHANGES_SAVED_MESSAGE, PATIENT_UPDATE_ERROR_MESSAGE } from '../patient-messages';

/** SPEC §3 contactInfo: phones, e-mail and the postal address. */
export function ContactDialog({ patient, onClose }: { patient: PatientResource; onClose: () => void }) {
  const save = useSaveSupplimentalInfo(patient.attributes.clinicNpi, patient.id);
  const form = usePatientForm({
    initial: toContactValues(patient.attributes.contactInfo),
    labels: CONTACT_LABELS,
    validate: validateContact,
    save: (values) => save.mutateAsync({ contactInfo: toContactBody(values) }),
    errorMessage: PATIENT_UPDATE_ERROR_MESSAGE,
    successMessage: CHANGES_SAVED_MESSAGE,
    onDone: onClose,
  });
  const field = form.fieldProps;
  return (
    <FormDialog {...form.dialogProps} title="Edit contact information" submitLabel="Save changes">
      <Box sx={FORM_GRID_SX}>
        <FormField {...field('mobilePhone')} type="tel" span={3} />
        <FormField {...field('homePhone')} type="tel" span={3} />
        <FormField {...field('email')} type="email" span={6} />
        <FormField {...field('street')} span={4} />
        <FormField {...field('apartment')} span={2} />
        <FormField {...field('street2')} span={6} />
        <FormField {...field('city')} span={3} />
        <FormField {...field('state')} span={1} />
        <FormField {...field('zip')} span={2} inputMode="numeric" />
      </Box>
    </FormDialog>
  );
}

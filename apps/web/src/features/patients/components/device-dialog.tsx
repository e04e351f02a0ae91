import type { PatientResource } from '@portal/domain';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveSupplimentalInfo } from '../api/save-supplimental-info';
import { usePatientForm } from '../hooks/use-patient-form';
import { DEVICE_LABELS, toDeviceBody, toDeviceValues, validateDevice } from '../patient-form';
import { CHANGES_SAVED_MESSAGE, PATIENT_UPDATE_ERROR_MESSAGE } from '../patient-messages';
import { DeviceFields } from './device-fields';

/** The patient's device, with the model chosen from the device catalog or typed. */
export function DeviceDialog({ patient, onClose }: { patient: PatientResource; onClose: () => void }) {
  const save = useSaveSupplimentalInfo(patient.attributes.clinicNpi, patient.id);
  const form = usePatientForm({
    initial: toDeviceValues(patient.attributes.deviceInfo),
    labels: DEVICE_LABELS,
    validate: (values) => validateDevice(values),
    save: (values) => save.mutateAsync({ deviceInfo: toDeviceBody(values) }),
    errorMessage: PATIENT_UPDATE_ERROR_MESSAGE,
    successMessage: CHANGES_SAVED_MESSAGE,
    onDone: onClose,
  });
  return (
    <FormDialog {...form.dialogProps} title="Edit device" submitLabel="Save changes">
      <DeviceFields
        idPrefix={form.formId}
        values={form.values}
        errors={form.errors}
        onChange={form.change}
        disabled={form.saving}
      />
    </FormDialog>
  );
}

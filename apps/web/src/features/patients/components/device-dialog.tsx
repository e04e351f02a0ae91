import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import type { PatientResource } from '@portal/domain';
import { useState } from 'react';
import { DeviceScanPanel } from '../../../components/device-scan/device-scan-panel';
import { FormDialog } from '../../../components/form-dialog';
import { useDeviceCatalog } from '../../../lib/device-catalog';
import { useSaveSupplimentalInfo } from '../api/save-supplimental-info';
import { usePatientForm } from '../hooks/use-patient-form';
import { DEVICE_LABELS, toDeviceBody, toDeviceValues, validateDevice } from '../patient-form';
import { CHANGES_SAVED_MESSAGE, PATIENT_UPDATE_ERROR_MESSAGE } from '../patient-messages';
import { DeviceFields } from './device-fields';

/**
 * The patient's device, with the model chosen from the device catalog or typed, or scanned from the
 * device's label (the scan fills the form; Save keeps it).
 */
export function DeviceDialog({ patient, onClose }: { patient: PatientResource; onClose: () => void }) {
  const save = useSaveSupplimentalInfo(patient.attributes.clinicNpi, patient.id);
  const [scanning, setScanning] = useState(false);
  const catalog = useDeviceCatalog(scanning);
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
      <Box sx={{ mb: 2 }}>
        <Button
          variant={scanning ? 'contained' : 'outlined'}
          startIcon={<QrCodeScannerIcon />}
          aria-expanded={scanning}
          onClick={() => setScanning((open) => !open)}
          disabled={form.saving}
        >
          {scanning ? 'Close the scanner' : 'Scan the device label'}
        </Button>
        <Collapse in={scanning} unmountOnExit>
          <Box sx={{ pt: 2 }}>
            <DeviceScanPanel
              clinicNpi={patient.attributes.clinicNpi}
              current={form.values}
              catalog={catalog.data?.data}
              // This dialog is for whoever keeps the device current (patient:update-device).
              canPairGtins
              onApply={(values) => {
                form.change(values);
                setScanning(false);
              }}
            />
            <Divider sx={{ mt: 2 }} />
          </Box>
        </Collapse>
      </Box>
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

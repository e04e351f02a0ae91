import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PatientResource } from '@portal/domain';
import { useId } from 'react';
import { useDeviceCatalog } from '../../lib/device-catalog';
import { useSaveScannedDevice } from '../../lib/device-gtins';
import { formatPatientName } from '../../lib/patient-format';
import { DeviceScanPanel, type ScanValues } from './device-scan-panel';

/** The patient's device as the scan panel compares it. */
export function scanValuesOf(patient: PatientResource): ScanValues {
  const device = patient.attributes.deviceInfo;
  return {
    manufacturer: device?.manufacturer ?? '',
    model: device?.model ?? '',
    modelNumber: device?.modelNumber ?? '',
    deviceType: device?.deviceType ?? '',
    serialNumber: device?.serialNumber ?? '',
  };
}

/** Scans a device label straight into a patient's device info, in a dialog (ScanPatientDevice). */
export function ScanPatientDeviceDialog({
  patient,
  onClose,
  onSaved,
}: {
  patient: PatientResource;
  onClose: () => void;
  onSaved: (patient: PatientResource) => void;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullScreen={narrow} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Scan the device label: {formatPatientName(patient.attributes)}</DialogTitle>
      <DialogContent>
        <ScanPatientDevice patient={patient} onSaved={onSaved} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The scan panel bound to a patient: the values chosen are saved to the patient's device at once (the rest
 * of the device stays), with progress and failure shown; `onSaved` gets the patient as the server answered.
 */
export function ScanPatientDevice({
  patient,
  onSaved,
}: {
  patient: PatientResource;
  onSaved: (patient: PatientResource) => void;
}) {
  const catalog = useDeviceCatalog();
  const save = useSaveScannedDevice(patient);
  return (
    <>
      <DeviceScanPanel
        clinicNpi={patient.attributes.clinicNpi}
        current={scanValuesOf(patient)}
        catalog={catalog.data?.data}
        canPairGtins
        onApply={(values) => save.mutate(values, { onSuccess: onSaved })}
      />
      {save.isPending && <LinearProgress aria-label="Saving the device" sx={{ mt: 2 }} />}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          The device was not saved. Try again.
        </Alert>
      )}
    </>
  );
}

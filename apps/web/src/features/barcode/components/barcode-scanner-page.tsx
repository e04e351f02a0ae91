import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientResource } from '@portal/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ScanPatientDevice } from '../../../components/device-scan/scan-patient-device-dialog';
import { PatientPicker } from '../../../components/patient/patient-picker';
import { formatDevice, formatPatientName } from '../../../lib/patient-format';
import { BARCODE_SCANNER_TEST_PATH, patientPagePath } from '../../../lib/patients';
import { useSession } from '../../../lib/session/session-context';

/**
 * The barcode scanner page (issue 15 §1, SPEC §2): choose the patient, scan the device's box or ID card
 * (camera, photo, USB scanner or typed), check what changes, and save it to the patient's device.
 */
export function BarcodeScannerPage() {
  const clinicNpi = useSession().currentClinic?.npi ?? '';
  const [patient, setPatient] = useState<PatientResource | null>(null);
  const [saved, setSaved] = useState<PatientResource | null>(null);
  if (!clinicNpi)
    return (
      <Typography color="textSecondary">Choose a clinic to scan a device into a patient's record.</Typography>
    );
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography variant="body2" color="textSecondary">
        Scan the UDI barcode on the device's box or the patient's ID card: the model and serial number go into
        the patient's device, after you check them.{' '}
        <Link component={RouterLink} to={BARCODE_SCANNER_TEST_PATH}>
          Test a scanner or a label
        </Link>
      </Typography>
      <Paper variant="outlined" component="section" aria-labelledby="scan-patient-heading" sx={{ p: 2 }}>
        <Typography id="scan-patient-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          1. Patient
        </Typography>
        <PatientPicker
          clinicNpi={clinicNpi}
          value={patient}
          onChange={(chosen) => {
            setPatient(chosen);
            setSaved(null);
          }}
        />
      </Paper>
      {patient && (
        <ScanIntoPatient
          key={patient.id}
          patient={patient}
          onSaved={(updated) => {
            setPatient(updated);
            setSaved(updated);
          }}
        />
      )}
      {saved && (
        <Alert severity="success" data-testid="scan-saved">
          Saved to {formatPatientName(saved.attributes)}'s device:{' '}
          {formatDevice(saved.attributes.deviceInfo, { withSerial: true })}.{' '}
          <Link component={RouterLink} to={patientPagePath(saved.attributes.clinicNpi, saved.id)}>
            Open the patient's page
          </Link>
        </Alert>
      )}
    </Stack>
  );
}

function ScanIntoPatient({
  patient,
  onSaved,
}: {
  patient: PatientResource;
  onSaved: (patient: PatientResource) => void;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="scan-device-heading" sx={{ p: 2 }}>
      <Typography id="scan-device-heading" component="h2" variant="h6">
        2. Scan the device
      </Typography>
      <Box sx={{ typography: 'body2', color: 'text.secondary', mb: 2 }} data-testid="scan-current-device">
        Now: {formatDevice(patient.attributes.deviceInfo, { withSerial: true }) || 'no device recorded'}
      </Box>
      <ScanPatientDevice patient={patient} onSaved={onSaved} />
    </Paper>
  );
}

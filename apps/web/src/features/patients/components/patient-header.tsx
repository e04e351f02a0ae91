import MonitorHeartOutlinedIcon from '@mui/icons-material/MonitorHeartOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PatientResource } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AfWithoutOacBadge } from '../../../components/patient/af-without-oac-badge';
import { OacStatusChip } from '../../../components/patient/oac-status-chip';
import { formatDevice, formatDobWithAge, formatGender, formatPatientName } from '../../../lib/patient-format';
import { deviceCheckPath, patientAdvisoriesQueryOptions } from '../../../lib/patients';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useSyncPatient } from '../api/sync-patient';
import { PATIENT_SYNC_ERROR_MESSAGE, PATIENT_SYNCED_MESSAGE } from '../patient-messages';

function Fact({ label, children }: { label: string; children: string }) {
  // A short fact stays on one line; a long one (the device with its serial) wraps on a narrow screen.
  return (
    <Box component="span" sx={{ whiteSpace: children.length > 24 ? 'normal' : 'nowrap', minWidth: 0 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}{' '}
      </Box>
      <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** How many manufacturer advisories touch the device: at a glance, before the device card. */
function AdvisoryCount({ clinicNpi, id }: { clinicNpi: string; id: string }) {
  const advisories = useQuery({ ...patientAdvisoriesQueryOptions(clinicNpi, id), meta: { silent: true } });
  const count = advisories.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Chip
      size="medium"
      color="warning"
      variant="outlined"
      icon={<ReportProblemOutlinedIcon aria-hidden />}
      label={count === 1 ? '1 manufacturer advisory' : `${count} manufacturer advisories`}
      data-advisory-count={count}
      component="span"
    />
  );
}

/**
 * Who the patient is at a glance (issue 13 §13): name, date of birth and age, patient ID, device, OAC
 * status and the AF-without-OAC flag; and, for a patient linked to FileMaker, syncing from it.
 */
export function PatientHeader({
  patient,
  canSync: maySync,
  canReadAdvisories,
  canCheckDevice = false,
}: {
  patient: PatientResource;
  /** The user may record an in-person device check at the patient's clinic (device-check:create). */
  canCheckDevice?: boolean;
  /** The user may sync the patient from FileMaker (patient:update-device). */
  canSync: boolean;
  canReadAdvisories: boolean;
}) {
  const { attributes } = patient;
  const sync = useSyncPatient(attributes.clinicNpi, patient.id);
  const device = formatDevice(attributes.deviceInfo, { withSerial: true });
  const gender = attributes.effective.gender.value;
  const canSync = maySync && Boolean(attributes.fmId);

  const runSync = () => {
    if (!attributes.fmId) return;
    sync.mutate(attributes.fmId, {
      onSuccess: () => enqueueSnackbar(PATIENT_SYNCED_MESSAGE, { variant: 'success' }),
      onError: () => enqueueSnackbar(PATIENT_SYNC_ERROR_MESSAGE, { variant: 'error' }),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.75 }}>
            <Typography id="patient-heading" component="h2" variant="h5" sx={{ fontWeight: 700, mr: 0.5 }}>
              {formatPatientName(attributes)}
            </Typography>
            <OacStatusChip value={attributes.oacStatus} size="medium" />
            {attributes.isAfWithoutOac && <AfWithoutOacBadge size="medium" />}
            {canReadAdvisories && <AdvisoryCount clinicNpi={attributes.clinicNpi} id={patient.id} />}
          </Stack>
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, typography: 'body2' }}
            data-testid="patient-facts"
          >
            <Fact label="Born">{formatDobWithAge(attributes.dob) || 'unknown'}</Fact>
            <Fact label="Patient ID">{attributes.patientId}</Fact>
            {gender && <Fact label="Gender">{formatGender(gender)}</Fact>}
            <Fact label="Device">{device || 'none recorded'}</Fact>
          </Stack>
        </Box>
        {(canSync || canCheckDevice) && (
          <Box
            sx={{ flex: 'none', display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}
          >
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {canCheckDevice && (
                <Button
                  variant="contained"
                  startIcon={<MonitorHeartOutlinedIcon />}
                  component={RouterLink}
                  to={deviceCheckPath({ clinicNpi: attributes.clinicNpi, id: patient.id })}
                >
                  Device check
                </Button>
              )}
              {canSync && (
                <Button
                  variant="outlined"
                  startIcon={<SyncIcon />}
                  onClick={runSync}
                  loading={sync.isPending}
                >
                  Sync from FileMaker
                </Button>
              )}
            </Stack>
            {canSync && (
              <Chip
                size="small"
                variant="outlined"
                label={`FileMaker record ${attributes.fmId}`}
                component="span"
              />
            )}
          </Box>
        )}
      </Box>
      {/* A live region that is always there, so the start of a sync is announced; a failure is an alert. */}
      <Box role="status" aria-live="polite" sx={{ mt: sync.isPending ? 1.5 : 0 }}>
        {sync.isPending && (
          <>
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Syncing from FileMaker…
            </Typography>
            <LinearProgress aria-label="Syncing from FileMaker" />
          </>
        )}
      </Box>
      {sync.isError && (
        <Alert
          severity="error"
          data-sync-error=""
          sx={{ mt: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={runSync}>
              Try again
            </Button>
          }
        >
          {PATIENT_SYNC_ERROR_MESSAGE}: {sync.error.message}
        </Alert>
      )}
    </Paper>
  );
}

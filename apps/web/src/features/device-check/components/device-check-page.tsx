import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type DeviceCheckResponse,
  groupDeviceCheckFields,
  LEAD_CONFIGURATION_KEYS,
  LEAD_CONFIGURATIONS,
  type LeadConfigurationKey,
  type PatientResource,
  SESSION_DEVICE_TYPE_LABELS,
  SESSION_DEVICE_TYPES,
  type SessionDeviceType,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ScanPatientDeviceDialog } from '../../../components/device-scan/scan-patient-device-dialog';
import { PatientPicker } from '../../../components/patient/patient-picker';
import { isApiError } from '../../../lib/api-client';
import { formatDevice, formatDobWithAge, formatPatientName, localIsoDate } from '../../../lib/patient-format';
import { patientPagePath, patientQueryOptions } from '../../../lib/patients';
import { useSession } from '../../../lib/session/session-context';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import { observationPromptsQueryOptions } from '../api/get-observation-prompts';
import { useSubmitDeviceCheck } from '../api/submit-device-check';
import {
  buildDeviceCheckBody,
  type DeviceCheckFormValues,
  type FieldErrors,
  insertPrompt,
  suggestDeviceType,
} from '../device-check-form';
import { MeasurementFields, measurementInputId } from './measurement-fields';
import { PdfScrapePanel } from './pdf-scrape-panel';
import { PRINTOUT_REASON_INPUT_ID } from './printout-identity-check';

const DEVICE_TYPES: { value: SessionDeviceType; label: string }[] = SESSION_DEVICE_TYPES.map((value) => ({
  value,
  label: SESSION_DEVICE_TYPE_LABELS[value],
}));

const EMPTY_FORM: DeviceCheckFormValues = {
  deviceType: 'PM',
  leadConfiguration: 'dualLead',
  values: {},
  scraped: {},
  printout: null,
  observations: '',
  programmingChanges: '',
  nextFollowUp: '',
};

/** Where each named field lives on the page, to label and focus it. */
const FIELD_INPUTS: Record<string, { id: string; label: string }> = {
  patient: { id: 'device-check-patient', label: 'Patient' },
  observations: { id: 'device-check-observations', label: 'Observations' },
  programmingChanges: { id: 'device-check-programming', label: 'Programming changes' },
  nextFollowUp: { id: 'device-check-follow-up', label: 'Next follow-up' },
  printoutConfirmation: { id: PRINTOUT_REASON_INPUT_ID, label: 'Printout belongs to this patient' },
  printoutCheckId: { id: PRINTOUT_REASON_INPUT_ID, label: 'Printout identity check' },
};

function Section({
  step,
  title,
  children,
  id,
}: {
  step: number;
  title: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, mb: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.25, mb: 2 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
            fontSize: 14,
            flex: 'none',
          }}
        >
          {step}
        </Box>
        <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

function configurationLabel(key: LeadConfigurationKey): string {
  return LEAD_CONFIGURATIONS.find((label) => LEAD_CONFIGURATION_KEYS[label] === key) ?? key;
}

/**
 * The in-person device check (issue 14 §4), flag-gated: find the patient, choose the device type and lead
 * configuration, enter that configuration's measurements (ranges checked here and again by the server,
 * both naming the field), pick observation prompts and add free text, programming changes and the next
 * follow-up; submitting records the session and puts its report in the clinic's inbox to be signed.
 */
export function DeviceCheckPage() {
  const [searchParams] = useSearchParams();
  const { currentClinic } = useSession();
  const clinicNpi = searchParams.get('clinic') ?? currentClinic?.npi ?? '';
  const preselectedId = searchParams.get('patient');
  const { can } = useClinicPermissions(clinicNpi);
  // The scan saves to the patient's device: whoever keeps devices current.
  const canScan = can('patient:update-device');
  const [patient, setPatient] = useState<PatientResource | null>(null);
  const [scanning, setScanning] = useState(false);
  const [form, setForm] = useState<DeviceCheckFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [done, setDone] = useState<{ patient: PatientResource; response: DeviceCheckResponse } | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const summaryRef = useRef<HTMLDivElement>(null);
  const submit = useSubmitDeviceCheck();
  const prompts = useQuery({ ...observationPromptsQueryOptions(clinicNpi), enabled: Boolean(clinicNpi) });
  const preselected = useQuery({
    ...patientQueryOptions(clinicNpi, preselectedId ?? ''),
    enabled: Boolean(clinicNpi && preselectedId),
    meta: { silent: true },
  });

  const choosePatient = (chosen: PatientResource | null) => {
    setPatient(chosen);
    setErrors(({ patient: _patient, ...rest }) => rest);
    // A printout's identity was checked against the patient chosen then, not this one.
    setForm((current) => ({ ...current, printout: null }));
    const suggested = suggestDeviceType(chosen?.attributes.deviceInfo?.deviceType);
    if (suggested) {
      setForm((current) => ({
        ...current,
        deviceType: suggested,
        leadConfiguration:
          suggested === 'ILR'
            ? 'ilr'
            : current.leadConfiguration === 'ilr'
              ? 'dualLead'
              : current.leadConfiguration,
      }));
    }
  };
  const preselectedPatient = preselected.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the link preselects once, when the patient arrives
  useEffect(() => {
    if (preselectedPatient && !patient) choosePatient(preselectedPatient);
  }, [preselectedPatient]);

  const groups = useMemo(
    () => groupDeviceCheckFields(form.leadConfiguration, form.deviceType),
    [form.leadConfiguration, form.deviceType],
  );
  const fields = useMemo(() => groups.flatMap((group) => group.fields), [groups]);
  const labelOf = (field: string) => {
    const key = field.replace(/^measurements\./, '');
    return fields.find((each) => each.key === key)?.label ?? FIELD_INPUTS[field]?.label ?? field;
  };
  const inputIdOf = (field: string) =>
    field.startsWith('measurements.')
      ? measurementInputId(field.slice('measurements.'.length))
      : (FIELD_INPUTS[field]?.id ?? '');

  const update = <K extends keyof DeviceCheckFormValues>(name: K, value: DeviceCheckFormValues[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };
  const setValue = (key: string, value: string) => {
    setForm((current) => ({ ...current, values: { ...current.values, [key]: value } }));
    setErrors(({ [`measurements.${key}`]: _cleared, ...rest }) => rest);
  };
  const setDeviceType = (deviceType: SessionDeviceType) =>
    setForm((current) => ({
      ...current,
      deviceType,
      leadConfiguration:
        deviceType === 'ILR'
          ? 'ilr'
          : current.leadConfiguration === 'ilr'
            ? 'dualLead'
            : current.leadConfiguration,
    }));
  const setConfiguration = (leadConfiguration: LeadConfigurationKey) =>
    setForm((current) => ({
      ...current,
      leadConfiguration,
      deviceType:
        leadConfiguration === 'ilr' ? 'ILR' : current.deviceType === 'ILR' ? 'PM' : current.deviceType,
    }));

  const showProblems = (problems: FieldErrors) => {
    setErrors(problems);
    const first = Object.keys(problems)[0];
    // The summary is announced; focus goes to the first field at fault so it can be fixed at once.
    requestAnimationFrame(() => {
      const input = first ? document.getElementById(inputIdOf(first)) : null;
      if (input) input.focus();
      else summaryRef.current?.focus();
    });
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setServerMessage(null);
    const { body, errors: found } = buildDeviceCheckBody(form, fields, localIsoDate());
    const problems: FieldErrors = { ...(patient ? {} : { patient: 'is required' }), ...found };
    if (!patient || Object.keys(problems).length > 0) {
      showProblems(problems);
      return;
    }
    submit.mutate(
      {
        clinicNpi: patient.attributes.clinicNpi,
        patientId: patient.id,
        body,
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (response) => {
          setDone({ patient, response });
          window.scrollTo({ top: 0 });
        },
        onError: (error) => {
          setServerMessage(error.message);
          if (isApiError(error) && error.details?.length) {
            showProblems(Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])));
          }
        },
      },
    );
  };

  const startAnother = () => {
    setDone(null);
    setPatient(null);
    setForm(EMPTY_FORM);
    setErrors({});
    idempotencyKey.current = crypto.randomUUID();
  };

  if (!clinicNpi)
    return <Typography color="textSecondary">Choose a clinic to record a device check.</Typography>;
  if (!can('device-check:create')) {
    return <Alert severity="info">In-person device checks are not available at this clinic.</Alert>;
  }

  if (done) {
    const name = formatPatientName(done.patient.attributes);
    return (
      <Box sx={{ maxWidth: 880 }}>
        <Alert
          severity="success"
          icon={<CheckCircleOutlineIcon />}
          role="status"
          data-device-check-done={done.response.data.documentId}
        >
          <AlertTitle>Device check recorded</AlertTitle>
          The in-person device check for {name} was recorded. Its report is in the clinic's inbox for a
          provider to sign.
        </Alert>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mt: 2 }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={patientPagePath(done.patient.attributes.clinicNpi, done.patient.id)}
          >
            Open {name}'s page
          </Button>
          <Button variant="outlined" onClick={startAnother}>
            Record another check
          </Button>
        </Stack>
      </Box>
    );
  }

  const problemList = Object.entries(errors);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ maxWidth: 1280 }}
      aria-label="In-person device check"
    >
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Record the values read from the programmer. The report goes to the clinic's inbox for a provider to
        sign.
      </Typography>

      <Section step={1} title="Patient" id="device-check-patient-heading">
        <PatientPicker
          clinicNpi={clinicNpi}
          value={patient}
          onChange={choosePatient}
          error={errors.patient}
        />
        {preselected.isLoading && <LinearProgress aria-label="Loading the patient" />}
        {patient && (
          <Box
            data-testid="device-check-patient-card"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 3,
              rowGap: 0.5,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              typography: 'body2',
            }}
          >
            <Box component="span" sx={{ fontWeight: 700 }}>
              {formatPatientName(patient.attributes)}
            </Box>
            <span>Born {formatDobWithAge(patient.attributes.dob) || 'unknown'}</span>
            <span>Patient ID {patient.attributes.patientId}</span>
            <span>
              Device {formatDevice(patient.attributes.deviceInfo, { withSerial: true }) || 'none recorded'}
            </span>
            {canScan && (
              <Button
                size="small"
                variant="outlined"
                startIcon={<QrCodeScannerIcon />}
                onClick={() => setScanning(true)}
                sx={{ ml: 'auto' }}
              >
                Scan device label
              </Button>
            )}
          </Box>
        )}
        {patient && scanning && (
          <ScanPatientDeviceDialog
            patient={patient}
            onClose={() => setScanning(false)}
            onSaved={(saved) => {
              setScanning(false);
              choosePatient(saved);
            }}
          />
        )}
      </Section>

      <Section step={2} title="Device" id="device-check-device-heading">
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: { xs: 2, md: 4 } }}>
          <Box>
            <Typography id="device-type-label" variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
              Device type
            </Typography>
            <ToggleButtonGroup
              exclusive
              color="primary"
              size="small"
              value={form.deviceType}
              onChange={(_event, value: SessionDeviceType | null) => value && setDeviceType(value)}
              aria-labelledby="device-type-label"
              sx={{ flexWrap: 'wrap' }}
            >
              {DEVICE_TYPES.map((type) => (
                <ToggleButton key={type.value} value={type.value} sx={{ px: 2 }}>
                  {type.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          <Box>
            <Typography id="lead-configuration-label" variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
              Lead configuration
            </Typography>
            <ToggleButtonGroup
              exclusive
              color="primary"
              size="small"
              value={form.leadConfiguration}
              onChange={(_event, value: LeadConfigurationKey | null) => value && setConfiguration(value)}
              aria-labelledby="lead-configuration-label"
              sx={{ flexWrap: 'wrap' }}
            >
              {LEAD_CONFIGURATIONS.map((label) => (
                <ToggleButton key={label} value={LEAD_CONFIGURATION_KEYS[label]} sx={{ px: 2 }}>
                  {label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
        </Stack>
      </Section>

      <Section
        step={3}
        title={`Measurements · ${configurationLabel(form.leadConfiguration)} ${DEVICE_TYPES.find((type) => type.value === form.deviceType)?.label ?? ''}`}
        id="device-check-measurements-heading"
      >
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          Fields marked * are required. Leave a value empty when it was not measured.
        </Typography>
        {patient && (
          <Box sx={{ mb: 3 }}>
            <PdfScrapePanel
              key={patient.id}
              clinicNpi={patient.attributes.clinicNpi}
              patientId={patient.id}
              fields={fields}
              values={form.values}
              printout={form.printout}
              onPrintoutChange={(printout) => {
                setForm((current) => ({ ...current, printout }));
                setErrors(({ printoutConfirmation: _cleared, ...rest }) => rest);
              }}
              confirmationError={errors.printoutConfirmation}
              onConfirm={(confirmed) => {
                setForm((current) => ({
                  ...current,
                  values: { ...current.values, ...confirmed },
                  scraped: { ...current.scraped, ...confirmed },
                }));
                setErrors((current) =>
                  Object.fromEntries(
                    Object.entries(current).filter(
                      ([field]) => !(field.slice('measurements.'.length) in confirmed),
                    ),
                  ),
                );
              }}
            />
          </Box>
        )}
        <MeasurementFields groups={groups} values={form.values} errors={errors} onChange={setValue} />
      </Section>

      <Section step={4} title="Review" id="device-check-review-heading">
        <Typography id="observation-prompts-label" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          Observation prompts
        </Typography>
        <Stack
          direction="row"
          role="group"
          aria-labelledby="observation-prompts-label"
          sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
        >
          {(prompts.data ?? []).map((prompt) => (
            <Chip
              key={prompt}
              icon={<AddIcon aria-hidden />}
              label={prompt}
              variant="outlined"
              color="primary"
              onClick={() => update('observations', insertPrompt(form.observations, prompt))}
              aria-label={`Insert "${prompt}"`}
            />
          ))}
          {prompts.isLoading && <Typography variant="body2">Loading prompts…</Typography>}
        </Stack>
        <TextField
          id="device-check-observations"
          label="Observations"
          required
          multiline
          minRows={3}
          fullWidth
          value={form.observations}
          onChange={(event) => update('observations', event.target.value)}
          error={Boolean(errors.observations)}
          helperText={
            errors.observations
              ? `Observations ${errors.observations}`
              : 'Choose prompts above, then add your own notes.'
          }
          sx={{ mb: 2 }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <TextField
            id="device-check-programming"
            label="Programming changes"
            multiline
            minRows={2}
            fullWidth
            value={form.programmingChanges}
            onChange={(event) => update('programmingChanges', event.target.value)}
            error={Boolean(errors.programmingChanges)}
            helperText={
              errors.programmingChanges
                ? `Programming changes ${errors.programmingChanges}`
                : 'Leave empty when none.'
            }
          />
          <TextField
            id="device-check-follow-up"
            label="Next follow-up"
            type="date"
            fullWidth
            value={form.nextFollowUp}
            onChange={(event) => update('nextFollowUp', event.target.value)}
            error={Boolean(errors.nextFollowUp)}
            helperText={errors.nextFollowUp ? `Next follow-up ${errors.nextFollowUp}` : ' '}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localIsoDate() } }}
          />
        </Box>
      </Section>

      <Box ref={summaryRef} tabIndex={-1} sx={{ outline: 'none' }}>
        {problemList.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="device-check-problems">
            <AlertTitle>
              {serverMessage ? `Not recorded: ${serverMessage}` : 'Check these fields before submitting'}
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problemList.map(([field, message]) => (
                <li key={field}>
                  {labelOf(field)} {message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {serverMessage && problemList.length === 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            The device check was not recorded: {serverMessage}
          </Alert>
        )}
      </Box>
      <Paper
        variant="outlined"
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          p: 1.5,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
        }}
      >
        <Box role="status" aria-live="polite" sx={{ flex: '1 1 200px', minWidth: 0 }}>
          {submit.isPending ? (
            <>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                Recording the device check and generating its report…
              </Typography>
              <LinearProgress aria-label="Recording the device check" />
            </>
          ) : (
            <Typography variant="body2" color="textSecondary">
              {patient ? `For ${formatPatientName(patient.attributes)}` : 'No patient chosen yet'}
            </Typography>
          )}
        </Box>
        <Button type="submit" variant="contained" size="large" loading={submit.isPending}>
          Submit device check
        </Button>
      </Paper>
    </Box>
  );
}

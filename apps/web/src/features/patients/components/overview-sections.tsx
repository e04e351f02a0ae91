import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  formatFilenameTimestamp,
  formatUsDate,
  type ManufacturerAdvisory,
  type PatientResource,
  type TransmissionStatus,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdvisoryList } from '../../../components/patient/advisory-list';
import { formatGender, manufacturerName } from '../../../lib/patient-format';
import { patientAdvisoriesQueryOptions } from '../../../lib/patients';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { downloadAdvisoryPatients } from '../api/download-advisory-patients';
import { useTransmissionStatus } from '../api/get-transmission-status';
import { useUpdatePatient } from '../api/update-patient';
import { type OverridableField, withoutOverride } from '../patient-form';
import {
  ADVISORY_EXPORT_ERROR_MESSAGE,
  CHANGES_SAVED_MESSAGE,
  PATIENT_UPDATE_ERROR_MESSAGE,
} from '../patient-messages';
import { FieldList, type FieldRow, PatientSection } from './patient-section';

const yesNo = (value: boolean | null | undefined) => (value === true ? 'Yes' : value === false ? 'No' : '');

const FIELD_NAMES: Record<OverridableField, string> = {
  firstName: 'first name',
  middleName: 'middle name',
  lastName: 'last name',
  gender: 'gender',
  physicianNpi: 'following physician NPI',
};

/**
 * An overridden value says so, with the synced value beside it, and (for who may edit) a way back to
 * the synced value.
 */
function OverrideNote({
  field,
  synced,
  onRevert,
  pending,
}: {
  field: OverridableField;
  synced: string;
  onRevert?: (() => void) | undefined;
  pending: boolean;
}) {
  return (
    <Box
      data-override={field}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}
    >
      <Chip size="small" color="info" variant="outlined" label="Override" component="span" />
      <Typography variant="caption" color="textSecondary" data-synced-value="">
        Synced: {synced || 'empty'}
      </Typography>
      {onRevert && (
        <Button
          size="small"
          onClick={onRevert}
          disabled={pending}
          aria-label={`Use synced ${FIELD_NAMES[field]}`}
          sx={{ py: 0, minHeight: 0 }}
        >
          Use synced
        </Button>
      )}
    </Box>
  );
}

export function DetailsSection({
  patient,
  canEdit,
  onEdit,
}: {
  patient: PatientResource;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const { attributes } = patient;
  const update = useUpdatePatient(attributes.clinicNpi, patient.id);
  const revert = (field: OverridableField) =>
    update.mutate(withoutOverride(attributes, field), {
      onSuccess: () => enqueueSnackbar(CHANGES_SAVED_MESSAGE, { variant: 'success' }),
      onError: () => enqueueSnackbar(PATIENT_UPDATE_ERROR_MESSAGE, { variant: 'error' }),
    });
  const row = (field: OverridableField, label: string, show: (value: string | null) => string): FieldRow => {
    const effective = attributes.effective[field];
    const synced = attributes[field];
    return {
      label,
      value: show(effective.value),
      extra:
        effective.source === 'override' ? (
          <OverrideNote
            field={field}
            synced={show(synced)}
            onRevert={canEdit ? () => revert(field) : undefined}
            pending={update.isPending}
          />
        ) : undefined,
    };
  };
  const text = (value: string | null) => value ?? '';
  return (
    <PatientSection title="Patient" onEdit={canEdit ? onEdit : undefined} editLabel="Edit patient details">
      <FieldList
        rows={[
          row('firstName', 'First name', text),
          row('middleName', 'Middle name', text),
          row('lastName', 'Last name', text),
          { label: 'Date of birth', value: attributes.dob ? formatUsDate(attributes.dob) : '' },
          row('gender', 'Gender', formatGender),
          { label: 'Patient ID', value: attributes.patientId },
          row('physicianNpi', 'Following physician NPI', text),
          { label: 'FileMaker record', value: attributes.fmId ?? '' },
        ]}
      />
    </PatientSection>
  );
}

export function MedicalSection({
  patient,
  onEdit,
}: {
  patient: PatientResource;
  onEdit?: (() => void) | undefined;
}) {
  const info = patient.attributes.medicalInfo;
  return (
    <PatientSection title="Medical information" onEdit={onEdit} editLabel="Edit medical information">
      <FieldList
        rows={[
          { label: 'History of AF', value: yesNo(info?.hasAfibHistory) },
          { label: 'Last AF episode', value: info?.dateOfLastAfib ? formatUsDate(info.dateOfLastAfib) : '' },
          { label: 'LAAO', value: yesNo(info?.hasLAAO) },
          { label: 'Pacer dependent', value: yesNo(info?.isPacerDependent) },
          {
            label: 'Ejection fraction',
            value:
              info?.efPercentage === null || info?.efPercentage === undefined ? '' : `${info.efPercentage} %`,
          },
          { label: 'Last echo', value: info?.dateOfLastEcho ? formatUsDate(info.dateOfLastEcho) : '' },
          { label: 'ICD-10 codes', value: (info?.icd10Codes ?? []).join(', '), wide: true },
        ]}
      />
    </PatientSection>
  );
}

function AdvisoryExportButton({
  clinicNpi,
  advisory,
}: {
  clinicNpi: string;
  advisory: ManufacturerAdvisory;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      startIcon={<DownloadIcon />}
      loading={busy}
      aria-label={`Affected patients (CSV): ${advisory.title}`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAdvisoryPatients(
            clinicNpi,
            advisory.id,
            `advisory-${advisory.manufacturer}-${advisory.publishedOn}_patients_${formatFilenameTimestamp(new Date())}.csv`,
          );
        } catch {
          enqueueSnackbar(ADVISORY_EXPORT_ERROR_MESSAGE, { variant: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      Affected patients (CSV)
    </Button>
  );
}

function DeviceAdvisories({ patient }: { patient: PatientResource }) {
  const { clinicNpi } = patient.attributes;
  const advisories = useQuery({
    ...patientAdvisoriesQueryOptions(clinicNpi, patient.id),
    meta: { silent: true },
  });
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        Manufacturer advisories
      </Typography>
      {advisories.isError ? (
        <Alert severity="error">The advisories could not be loaded: {advisories.error.message}</Alert>
      ) : advisories.isPending ? (
        <Typography variant="body2" color="textSecondary">
          Loading…
        </Typography>
      ) : advisories.data.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No advisory applies to this device.
        </Typography>
      ) : (
        <AdvisoryList
          advisories={advisories.data}
          renderActions={(advisory) => <AdvisoryExportButton clinicNpi={clinicNpi} advisory={advisory} />}
        />
      )}
    </Box>
  );
}

/** Devices expected to transmit on a schedule (issue 17 §2). */
const MONITORED_DEVICE_TYPES = new Set(['PM', 'ICD', 'CRT-P', 'CRT-D', 'ILR', 'RPM']);

const CONNECTIVITY_LABELS: Record<string, string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  'not-applicable': 'Not applicable',
};

/** 'Oct 2, 2026 · overdue by 12 days', or when the next is expected; empty while unknown. */
export function transmissionText(status: TransmissionStatus | null | undefined): string {
  if (!status) return '';
  const last = status.lastTransmissionAt ? formatUsDate(status.lastTransmissionAt) : 'None received';
  if (status.daysOverdue > 0)
    return `${last} · overdue by ${status.daysOverdue} ${status.daysOverdue === 1 ? 'day' : 'days'}`;
  return `${last} · next expected by ${formatUsDate(status.overdueFrom)}`;
}

export function DeviceSection({
  patient,
  canReadAdvisories,
  onEdit,
}: {
  patient: PatientResource;
  canReadAdvisories: boolean;
  onEdit?: (() => void) | undefined;
}) {
  const device = patient.attributes.deviceInfo;
  const monitored = MONITORED_DEVICE_TYPES.has(device?.deviceType ?? '');
  const transmission = useTransmissionStatus(patient.attributes.clinicNpi, patient.id, monitored);
  return (
    <PatientSection title="Device" onEdit={onEdit} editLabel="Edit device">
      <FieldList
        rows={[
          { label: 'Manufacturer', value: manufacturerName(device?.manufacturer) },
          { label: 'Model', value: device?.model ?? '' },
          { label: 'Model number', value: device?.modelNumber ?? '' },
          { label: 'Device type', value: device?.deviceType ?? '' },
          { label: 'Serial number', value: device?.serialNumber ?? '' },
          { label: 'Implant date', value: device?.implantDate ? formatUsDate(device.implantDate) : '' },
          { label: 'Remote monitoring', value: CONNECTIVITY_LABELS[device?.connectivity ?? ''] ?? '' },
          { label: 'Last transmission', value: transmissionText(transmission.data) },
        ]}
      />
      {canReadAdvisories && <DeviceAdvisories patient={patient} />}
    </PatientSection>
  );
}

export function ContactSection({
  patient,
  onEdit,
}: {
  patient: PatientResource;
  onEdit?: (() => void) | undefined;
}) {
  const contact = patient.attributes.contactInfo;
  const address = contact?.address;
  const lines = address
    ? [
        [address.street, address.apartment].filter(Boolean).join(', '),
        address.street2,
        [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ].filter(Boolean)
    : [];
  return (
    <PatientSection title="Contact" onEdit={onEdit} editLabel="Edit contact information">
      <FieldList
        rows={[
          { label: 'Mobile phone', value: contact?.mobilePhone ?? '' },
          { label: 'Home phone', value: contact?.homePhone ?? '' },
          { label: 'Email', value: contact?.email ?? '', wide: true },
          {
            label: 'Address',
            wide: true,
            value: lines.length ? (
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {lines.join('\n')}
              </Box>
            ) : (
              ''
            ),
          },
        ]}
      />
    </PatientSection>
  );
}

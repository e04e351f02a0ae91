import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatUsDate, type PatientResource } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { AfWithoutOacBadge } from '../../../components/patient/af-without-oac-badge';
import { OacStatusChip } from '../../../components/patient/oac-status-chip';
import { ageInYears, formatDevice, formatPatientName } from '../../../lib/patient-format';
import { patientPagePath } from '../../../lib/patients';

const nowrap = { whiteSpace: 'nowrap' } as const;

function Muted({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2" color="textSecondary">
      {children}
    </Typography>
  );
}

/** The Patients table: each column sorts or filters as the search route can (issue 13 §2). */
export function buildPatientColumns(): DataTableColumn<PatientResource>[] {
  return [
    {
      id: 'lastName',
      header: 'Last name',
      sortable: true,
      filter: { type: 'text', placeholder: 'Last name' },
      render: ({ id, attributes: patient }) => (
        <Link
          component={RouterLink}
          to={patientPagePath(patient.clinicNpi, id)}
          sx={{ fontWeight: 600 }}
          // The whole name, so a list of links read alone still says who each one is.
          aria-label={formatPatientName(patient)}
        >
          {patient.effective.lastName.value}
        </Link>
      ),
    },
    {
      id: 'firstName',
      header: 'First name',
      sortable: true,
      filter: { type: 'text', placeholder: 'First name' },
      render: ({ attributes: patient }) =>
        [patient.effective.firstName.value, patient.effective.middleName.value].filter(Boolean).join(' '),
    },
    {
      id: 'dob',
      header: 'Date of birth',
      sortable: true,
      width: 170,
      filter: { type: 'date' },
      render: ({ attributes: patient }) => {
        if (!patient.dob) return <Muted>Not recorded</Muted>;
        const age = ageInYears(patient.dob);
        return (
          <Box component="span" sx={nowrap}>
            {formatUsDate(patient.dob)}
            {age !== null && <Muted>{` · ${age} y`}</Muted>}
          </Box>
        );
      },
    },
    {
      id: 'patientId',
      header: 'Patient ID',
      sortable: true,
      width: 140,
      filter: { type: 'text', placeholder: 'Patient ID' },
      render: ({ attributes: patient }) => <Box sx={nowrap}>{patient.patientId}</Box>,
    },
    {
      id: 'device',
      header: 'Device',
      filterKey: 'deviceSerial',
      filter: { type: 'text', placeholder: 'Serial number', label: 'Filter by device serial number' },
      render: ({ attributes: patient }) => {
        const device = formatDevice(patient.deviceInfo);
        const serial = patient.deviceInfo?.serialNumber;
        if (!device && !serial) return <Muted>None recorded</Muted>;
        return (
          <Box sx={{ minWidth: 0 }}>
            <Box>{device || 'Unknown model'}</Box>
            {serial && <Muted>{`SN ${serial}`}</Muted>}
          </Box>
        );
      },
    },
    {
      id: 'oac',
      header: 'Anticoagulation',
      width: 220,
      render: ({ attributes: patient }) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <OacStatusChip value={patient.oacStatus} />
          {patient.isAfWithoutOac && <AfWithoutOacBadge />}
        </Box>
      ),
    },
  ];
}

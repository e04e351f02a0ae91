import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { AdvisoryList } from '../../../components/patient/advisory-list';
import { AfWithoutOacBadge } from '../../../components/patient/af-without-oac-badge';
import { OacStatusChip } from '../../../components/patient/oac-status-chip';
import { TrendStrip } from '../../../components/patient/trend-strip';
import { formatPatientName } from '../../../lib/patient-format';
import {
  documentPatientQueryOptions,
  patientAdvisoriesQueryOptions,
  patientPagePath,
} from '../../../lib/patients';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import type { DocumentResource } from '../document-resource';

/**
 * The document's patient beside the document (issue 13 §14): a link to the patient page, the OAC status,
 * the AF-without-OAC flag and the manufacturer advisories on the patient's device, so a reader signing an
 * AF alert sees at once whether the patient is anticoagulated, and the patient's flagged device trends
 * (issue 14 §3).
 */
export function DocumentPatientSummary({ document }: { document: DocumentResource }) {
  const { attributes } = document;
  const { can } = useClinicPermissions(attributes.clinicNpi);
  const patient = useQuery({
    ...documentPatientQueryOptions(attributes),
    enabled: can('patient:read'),
    meta: { silent: true },
  });
  const found = patient.data ?? null;
  const canReadAdvisories = can('patient:read-advisories');
  const advisories = useQuery({
    ...patientAdvisoriesQueryOptions(attributes.clinicNpi, found?.id ?? ''),
    enabled: Boolean(found) && canReadAdvisories,
    meta: { silent: true },
  });

  if (!can('patient:read')) return null;
  return (
    <Box component="section" aria-label="Patient record" data-testid="document-patient">
      <Typography component="h3" variant="overline" color="textSecondary" sx={{ lineHeight: 2 }}>
        Patient record
      </Typography>
      {patient.isPending ? (
        <Typography variant="body2" color="textSecondary">
          Loading the patient…
        </Typography>
      ) : patient.isError ? (
        <Typography variant="body2" color="textSecondary">
          The patient record could not be loaded.
        </Typography>
      ) : !found ? (
        <Typography variant="body2" color="textSecondary">
          No patient record is linked to this document.
        </Typography>
      ) : (
        <Stack spacing={1}>
          <Link
            component={RouterLink}
            to={patientPagePath(attributes.clinicNpi, found.id)}
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
          >
            {formatPatientName(found.attributes)}: patient page
            <ArrowForwardIcon aria-hidden sx={{ fontSize: 16 }} />
          </Link>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            <OacStatusChip value={found.attributes.oacStatus} />
            {found.attributes.isAfWithoutOac && <AfWithoutOacBadge />}
          </Stack>
          {canReadAdvisories && advisories.data && advisories.data.length > 0 && (
            <AdvisoryList advisories={advisories.data} dense />
          )}
          <TrendStrip
            clinicNpi={attributes.clinicNpi}
            patientRef={found.id}
            deviceType={found.attributes.deviceInfo?.deviceType}
          />
        </Stack>
      )}
    </Box>
  );
}

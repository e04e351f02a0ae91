import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { isApiError } from '../../../lib/api-client';
import {
  PATIENT_PAGE_TABS,
  PATIENTS_PATH,
  type PatientPageTab,
  patientQueryOptions,
} from '../../../lib/patients';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import { PATIENT_FETCH_ERROR_MESSAGE } from '../patient-messages';
import { PatientDocuments } from './patient-documents';
import { PatientHeader } from './patient-header';
import { PatientOverview } from './patient-overview';
import { PatientTimeline } from './patient-timeline';

const TAB_LABELS: Record<PatientPageTab, string> = {
  overview: 'Overview',
  documents: 'Documents',
  timeline: 'Timeline',
  trends: 'Trends',
  studies: 'Studies',
};

/** The Trends tab's body: another feature's (trends), so the app shell hands it in. */
export type PatientTrendsTab = ComponentType<{ clinicNpi: string; patientRef: string }>;

/** The Studies tab's body: the studies feature's, handed in by the app shell like the Trends tab. */
export type PatientStudiesTab = ComponentType<{ clinicNpi: string; patientRef: string }>;

/**
 * One patient (issue 13 §13), /patients/{clinic NPI}/{id}: the header, then Overview, Documents and
 * Timeline tabs (the tab is in the address, so it can be linked and survives a reload). What the user
 * may do is judged at the patient's clinic: a read-only user sees no edit controls. The Trends tab (issue
 * 14 §3) shows when the app shell gives its body (loaded with its chart library only when opened), and so
 * does the Studies tab (issue 16 §7), to whoever may read the clinic's studies.
 */
export function PatientPage({
  TrendsTab,
  StudiesTab,
}: {
  TrendsTab?: PatientTrendsTab | undefined;
  StudiesTab?: PatientStudiesTab | undefined;
} = {}) {
  const { npi = '', id = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { can } = useClinicPermissions(npi);
  const patient = useQuery({ ...patientQueryOptions(npi, id), meta: { silent: true } });
  // The clinical record, and the device alone (a device technician keeps the device current).
  const canEdit = can('patient:update');
  const canEditDevice = can('patient:update-device');
  const canReadDocuments = can('document:read');
  const canReadStudies = can('study:read');
  const tabs = PATIENT_PAGE_TABS.filter(
    (tab) =>
      (tab !== 'documents' || canReadDocuments) &&
      (tab !== 'trends' || TrendsTab !== undefined) &&
      (tab !== 'studies' || (StudiesTab !== undefined && canReadStudies)),
  );
  const requested = searchParams.get('tab') as PatientPageTab | null;
  const tab: PatientPageTab = requested && tabs.includes(requested) ? requested : 'overview';

  const back = (
    <Button component={RouterLink} to={PATIENTS_PATH} startIcon={<ArrowBackIcon />} sx={{ mb: 1.5 }}>
      All patients
    </Button>
  );

  if (patient.isError) {
    const notFound = isApiError(patient.error) && patient.error.statusCode === 404;
    return (
      <Box sx={{ maxWidth: 1280 }}>
        {back}
        {notFound ? (
          <PageMessage icon={<PersonOffOutlinedIcon />} heading="Patient not found">
            <Typography color="textSecondary">
              No patient with this link exists at a clinic you work in. It may have been deleted.
            </Typography>
          </PageMessage>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void patient.refetch()}>
                Retry
              </Button>
            }
          >
            {PATIENT_FETCH_ERROR_MESSAGE}: {patient.error.message}
          </Alert>
        )}
      </Box>
    );
  }
  if (!patient.data) {
    return (
      <Box sx={{ maxWidth: 1280 }}>
        {back}
        <LinearProgress aria-label="Loading the patient" />
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1280 }}>
      {back}
      <PatientHeader
        patient={patient.data}
        canSync={canEditDevice}
        canReadAdvisories={can('patient:read-advisories')}
        canCheckDevice={can('device-check:create')}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: PatientPageTab) =>
            setSearchParams(value === 'overview' ? {} : { tab: value }, { replace: true })
          }
          aria-label="Patient record"
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={TAB_LABELS[name]}
              id={`patient-tab-${name}`}
              aria-controls={`patient-tabpanel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`patient-tabpanel-${tab}`} aria-labelledby={`patient-tab-${tab}`}>
        {tab === 'overview' && (
          <PatientOverview
            patient={patient.data}
            canEdit={canEdit}
            canEditDevice={canEditDevice}
            canReadAdvisories={can('patient:read-advisories')}
          />
        )}
        {tab === 'documents' && <PatientDocuments clinicNpi={npi} patientRef={id} />}
        {tab === 'timeline' && (
          <PatientTimeline clinicNpi={npi} patientId={id} canOpenDocuments={canReadDocuments} />
        )}
        {tab === 'trends' && TrendsTab && (
          <Suspense fallback={<LinearProgress aria-label="Loading the trends" />}>
            <TrendsTab clinicNpi={npi} patientRef={id} />
          </Suspense>
        )}
        {tab === 'studies' && StudiesTab && (
          <Suspense fallback={<LinearProgress aria-label="Loading the studies" />}>
            <StudiesTab clinicNpi={npi} patientRef={id} />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}

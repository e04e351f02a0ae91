import AddIcon from '@mui/icons-material/Add';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StudySuite } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { PageMessage } from '../../../components/page-message';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import { patientStudiesQueryOptions } from '../api/get-patient-studies';
import { sleepProfileQueryOptions } from '../api/get-sleep-profile';
import { useOrderingPhysicians } from '../hooks/use-ordering-physicians';
import { listStudyActions, studyPollInterval } from '../study-format';
import { AbpmStudyDialog } from './abpm-study-dialog';
import { SleepStudyDialog } from './sleep-study-dialog';
import { StudyCard } from './study-card';
import { type NewStudyDialogProps, WcdStudyDialog } from './wcd-study-dialog';

const NEW_STUDY: Record<StudySuite, { label: string; Dialog: ComponentType<NewStudyDialogProps> }> = {
  sleep: { label: 'New sleep study', Dialog: SleepStudyDialog },
  wcd: { label: 'New wearable cardiac study', Dialog: WcdStudyDialog },
  abpm: { label: 'New ABPM study', Dialog: AbpmStudyDialog },
};
const SUITES = ['sleep', 'wcd', 'abpm'] as const;

/**
 * The patient page's Studies tab (issue 16 §7): the patient's sleep, wearable cardiac and ABPM studies,
 * newest first, each with what may be done with it now; a new study of each suite for who may order one.
 * Fetched again every few seconds while an order waits to go to its vendor or a study is in progress.
 */
export function PatientStudiesTab({ clinicNpi, patientRef }: { clinicNpi: string; patientRef: string }) {
  const { can } = useClinicPermissions(clinicNpi);
  const canOrder = can('study:create');
  const [ordering, setOrdering] = useState<{ suite: StudySuite; key: number } | null>(null);
  const studies = useQuery({
    ...patientStudiesQueryOptions(clinicNpi, patientRef),
    refetchInterval: (query) => studyPollInterval(query.state.data?.data),
    meta: { silent: true },
  });
  const hasSleepStudy = studies.data?.some((study) => study.attributes.suite === 'sleep') ?? false;
  // A sleep study is cancelled through the profile, and only while it is the profile's current study.
  const sleepProfile = useQuery({
    ...sleepProfileQueryOptions(clinicNpi, patientRef),
    enabled: hasSleepStudy && can('study:cancel'),
    meta: { silent: true },
  });
  const currentSleepStudyId = sleepProfile.data?.currentStudy?.id ?? null;
  const physicians = useOrderingPhysicians(clinicNpi, patientRef, { enabled: canOrder });

  const newStudyButtons = canOrder && (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Order a study">
      {SUITES.map((suite) => (
        <Button
          key={suite}
          variant="outlined"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setOrdering((current) => ({ suite, key: (current?.key ?? 0) + 1 }))}
        >
          {NEW_STUDY[suite].label}
        </Button>
      ))}
    </Stack>
  );

  let body: ReactNode;
  if (studies.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void studies.refetch()}>
            Retry
          </Button>
        }
      >
        The studies could not be loaded: {studies.error.message}
      </Alert>
    );
  } else if (studies.isPending) {
    body = <LinearProgress aria-label="Loading the studies" />;
  } else if (studies.data.length === 0) {
    body = (
      <PageMessage icon={<ScienceOutlinedIcon />} heading="No studies yet">
        <Typography color="textSecondary">
          {canOrder
            ? 'Order a sleep, wearable cardiac or ABPM study above; it is listed here with its results.'
            : 'Sleep, wearable cardiac and ABPM studies ordered for this patient are listed here.'}
        </Typography>
      </PageMessage>
    );
  } else {
    body = (
      <Stack spacing={2} component="section" aria-label="Studies, newest first">
        {studies.data.map((study) => (
          <StudyCard
            key={study.id}
            study={study}
            canOpenDocuments={can('document:read')}
            actions={listStudyActions(study, {
              can,
              isCurrentSleepStudy: study.id === currentSleepStudyId,
            })}
          />
        ))}
      </Stack>
    );
  }

  const Dialog = ordering ? NEW_STUDY[ordering.suite].Dialog : null;
  return (
    <Box data-testid="patient-studies">
      {newStudyButtons && <Box sx={{ mb: 2 }}>{newStudyButtons}</Box>}
      {body}
      {ordering && Dialog && (
        <Dialog
          // Opened before the patient's physician was known: it starts again with them once they are.
          key={`${ordering.key}-${physicians.ready}`}
          clinicNpi={clinicNpi}
          patientRef={patientRef}
          initialPhysician={physicians.initial}
          providers={physicians.providers}
          onClose={() => setOrdering(null)}
        />
      )}
    </Box>
  );
}

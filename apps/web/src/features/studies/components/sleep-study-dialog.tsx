import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SleepProfile } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormDialogBody } from '../../../components/form-dialog';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { SLEEP_STUDY_NIGHTS } from '../../../lib/studies';
import { useCreateSleepStudy } from '../api/create-sleep-study';
import { sleepProfileQueryOptions } from '../api/get-sleep-profile';
import { useSaveSleepProfile } from '../api/save-sleep-profile';
import { useStudyForm } from '../hooks/use-study-form';
import {
  EPWORTH_RANGE,
  emptySleepOrder,
  SLEEP_ORDER_LABELS,
  SLEEP_PROFILE_LABELS,
  toSleepProfileBody,
  toSleepProfileValues,
  toSleepStudyBody,
  validateSleepOrder,
  validateSleepProfile,
} from '../study-form';
import { OrderFields } from './order-fields';
import type { NewStudyDialogProps } from './wcd-study-dialog';

const NIGHT_OPTIONS = Array.from(
  { length: SLEEP_STUDY_NIGHTS.max - SLEEP_STUDY_NIGHTS.min + 1 },
  (_, index) => {
    const nights = SLEEP_STUDY_NIGHTS.min + index;
    return { value: String(nights), label: `${nights} ${nights === 1 ? 'night' : 'nights'}` };
  },
);

/**
 * Orders a home sleep test from Zoll in two steps: first the patient's sleep profile (height, weight, neck,
 * Epworth score: made the first time, updated after), then the order (who orders it, how many nights,
 * when). The new study becomes the profile's current study.
 */
export function SleepStudyDialog(props: NewStudyDialogProps) {
  const { clinicNpi, patientRef, onClose } = props;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [step, setStep] = useState<'profile' | 'order'>('profile');
  const profile = useQuery({ ...sleepProfileQueryOptions(clinicNpi, patientRef), meta: { silent: true } });
  const [busy, setBusy] = useState(false);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={narrow}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>New sleep study</DialogTitle>
      <Typography variant="body2" color="textSecondary" sx={{ px: 3, mt: -1.5, pb: 1.5 }}>
        {step === 'profile' ? 'Step 1 of 2: the sleep profile' : 'Step 2 of 2: the order'}
      </Typography>
      {step === 'order' ? (
        <SleepOrderStep {...props} titleId={titleId} onBusyChange={setBusy} />
      ) : profile.isPending ? (
        <DialogContent dividers>
          <LinearProgress aria-label="Loading the sleep profile" />
        </DialogContent>
      ) : profile.isError ? (
        <>
          <DialogContent dividers>
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
                  Retry
                </Button>
              }
            >
              The sleep profile could not be loaded: {profile.error.message}
            </Alert>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      ) : (
        <SleepProfileStep
          {...props}
          titleId={titleId}
          profile={profile.data}
          onBusyChange={setBusy}
          onSaved={() => setStep('order')}
        />
      )}
    </Dialog>
  );
}

type StepProps = NewStudyDialogProps & { titleId: string; onBusyChange: (busy: boolean) => void };

function SleepProfileStep({
  clinicNpi,
  patientRef,
  titleId,
  profile,
  onBusyChange,
  onSaved,
  onClose,
}: StepProps & { profile: SleepProfile | null; onSaved: () => void }) {
  const save = useSaveSleepProfile(clinicNpi, patientRef);
  const form = useStudyForm({
    initial: toSleepProfileValues(profile),
    labels: SLEEP_PROFILE_LABELS,
    validate: validateSleepProfile,
    save: async (values) => {
      onBusyChange(true);
      try {
        return await save.mutateAsync({ exists: profile !== null, body: toSleepProfileBody(values) });
      } finally {
        onBusyChange(false);
      }
    },
    errorMessage: 'The sleep profile could not be saved',
    onSaved,
  });
  return (
    <FormDialogBody
      formId={form.formId}
      titleId={titleId}
      submitLabel="Save and continue"
      saving={form.saving}
      problems={form.problems}
      onSubmit={(event) => void form.submit(event)}
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        Zoll scores the test with these. They are kept with the patient for the next sleep study.
      </Typography>
      <SleepProfileFields field={form.fieldProps} />
    </FormDialogBody>
  );
}

function SleepProfileFields({
  field,
}: {
  field: ReturnType<typeof useStudyForm<keyof typeof SLEEP_PROFILE_LABELS>>['fieldProps'];
}) {
  return (
    <Box sx={FORM_GRID_SX}>
      <FormField {...field('heightCm')} type="number" inputMode="decimal" span={2} required autoFocus />
      <FormField {...field('weightKg')} type="number" inputMode="decimal" span={2} required />
      <FormField {...field('neckCircumferenceCm')} type="number" inputMode="decimal" span={2} required />
      <FormField
        {...field('epworthScore')}
        required
        type="number"
        inputMode="numeric"
        min={EPWORTH_RANGE.min}
        max={EPWORTH_RANGE.max}
        span={2}
        helperText="Epworth Sleepiness Scale"
      />
      <FormField {...field('notes')} multiline span={6} />
    </Box>
  );
}

function SleepOrderStep({
  clinicNpi,
  patientRef,
  titleId,
  initialPhysician,
  providers,
  onBusyChange,
  onClose,
}: StepProps) {
  const create = useCreateSleepStudy(clinicNpi, patientRef);
  const form = useStudyForm({
    initial: emptySleepOrder(initialPhysician),
    labels: SLEEP_ORDER_LABELS,
    validate: validateSleepOrder,
    save: async (values) => {
      onBusyChange(true);
      try {
        return await create.mutateAsync(toSleepStudyBody(values));
      } finally {
        onBusyChange(false);
      }
    },
    errorMessage: 'The sleep study could not be ordered',
    onSaved: () => {
      enqueueSnackbar('Sleep study ordered.', { variant: 'success' });
      onClose();
    },
  });
  return (
    <FormDialogBody
      formId={form.formId}
      titleId={titleId}
      submitLabel="Order study"
      saving={form.saving}
      problems={form.problems}
      onSubmit={(event) => void form.submit(event)}
      onClose={onClose}
    >
      <OrderFields field={form.fieldProps} providers={providers} change={form.change}>
        <FormField {...form.fieldProps('nights')} options={NIGHT_OPTIONS} required span={3} />
      </OrderFields>
    </FormDialogBody>
  );
}

import { FormField } from '../../../components/form-field';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { ABPM_STUDY_HOURS } from '../../../lib/studies';
import { useCreateAbpmStudy } from '../api/create-abpm-study';
import { useStudyForm } from '../hooks/use-study-form';
import { ABPM_ORDER_LABELS, emptyAbpmOrder, toAbpmStudyBody, validateAbpmOrder } from '../study-form';
import { OrderStudyDialog } from './order-study-dialog';
import type { NewStudyDialogProps } from './wcd-study-dialog';

const HOUR_OPTIONS = ABPM_STUDY_HOURS.map((hours) => ({ value: String(hours), label: `${hours} hours` }));

/** Orders an ambulatory blood pressure study from Biobeat, over 24 or 48 hours. */
export function AbpmStudyDialog({
  clinicNpi,
  patientRef,
  initialPhysician,
  providers,
  onClose,
}: NewStudyDialogProps) {
  const create = useCreateAbpmStudy(clinicNpi, patientRef);
  const form = useStudyForm({
    initial: emptyAbpmOrder(initialPhysician),
    labels: ABPM_ORDER_LABELS,
    validate: validateAbpmOrder,
    save: (values) => create.mutateAsync(toAbpmStudyBody(values)),
    errorMessage: 'The ABPM study could not be ordered',
    onSaved: () => {
      enqueueSnackbar('ABPM study ordered.', { variant: 'success' });
      onClose();
    },
  });
  return (
    <OrderStudyDialog title="New ABPM study" form={form} providers={providers} onClose={onClose}>
      <FormField {...form.fieldProps('durationHours')} options={HOUR_OPTIONS} required span={3} />
    </OrderStudyDialog>
  );
}

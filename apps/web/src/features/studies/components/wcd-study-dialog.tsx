import { FormField } from '../../../components/form-field';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { WCD_STUDY_DAYS } from '../../../lib/studies';
import { useCreateWcdStudy } from '../api/create-wcd-study';
import { useStudyForm } from '../hooks/use-study-form';
import {
  emptyWcdOrder,
  type OrderingPhysician,
  toWcdStudyBody,
  validateWcdOrder,
  WCD_ORDER_LABELS,
  WCD_STUDY_TYPE_OPTIONS,
} from '../study-form';
import { OrderStudyDialog } from './order-study-dialog';

type NewStudyDialogProps = {
  clinicNpi: string;
  patientRef: string;
  /** The patient's following physician, when known: the order starts with them. */
  initialPhysician: OrderingPhysician | undefined;
  providers: readonly OrderingPhysician[];
  onClose: () => void;
};

/** Orders a wearable cardiac study from InfoBionic: its type and how many days the patient wears it. */
export function WcdStudyDialog({
  clinicNpi,
  patientRef,
  initialPhysician,
  providers,
  onClose,
}: NewStudyDialogProps) {
  const create = useCreateWcdStudy(clinicNpi, patientRef);
  const form = useStudyForm({
    initial: emptyWcdOrder(initialPhysician),
    labels: WCD_ORDER_LABELS,
    validate: validateWcdOrder,
    save: (values) => create.mutateAsync(toWcdStudyBody(values)),
    errorMessage: 'The wearable cardiac study could not be ordered',
    onSaved: () => {
      enqueueSnackbar('Wearable cardiac study ordered.', { variant: 'success' });
      onClose();
    },
  });
  return (
    <OrderStudyDialog title="New wearable cardiac study" form={form} providers={providers} onClose={onClose}>
      <FormField {...form.fieldProps('studyType')} options={WCD_STUDY_TYPE_OPTIONS} required span={4} />
      <FormField
        {...form.fieldProps('durationDays')}
        type="number"
        inputMode="numeric"
        min={WCD_STUDY_DAYS.min}
        max={WCD_STUDY_DAYS.max}
        required
        span={2}
        helperText={`${WCD_STUDY_DAYS.min} to ${WCD_STUDY_DAYS.max}`}
      />
    </OrderStudyDialog>
  );
}

export type { NewStudyDialogProps };

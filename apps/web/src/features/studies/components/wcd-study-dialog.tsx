import { enqueueSnackbar } from 'notistack';
import { FormDialog } from '../../../components/form-dialog';
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
import { OrderFields } from './order-fields';
import { StudyField } from './study-field';

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
    <FormDialog
      open
      title="New wearable cardiac study"
      submitLabel="Order study"
      formId={form.formId}
      saving={form.saving}
      problems={form.problems}
      onSubmit={(event) => void form.submit(event)}
      onClose={onClose}
    >
      <OrderFields
        field={form.fieldProps}
        providers={providers}
        onChoosePhysician={(physician) =>
          form.change({ orderingPhysicianNpi: physician.npi, orderingPhysicianName: physician.name })
        }
      >
        <StudyField {...form.fieldProps('studyType')} options={WCD_STUDY_TYPE_OPTIONS} required span={4} />
        <StudyField
          {...form.fieldProps('durationDays')}
          type="number"
          inputMode="numeric"
          min={WCD_STUDY_DAYS.min}
          max={WCD_STUDY_DAYS.max}
          required
          span={2}
          helperText={`${WCD_STUDY_DAYS.min} to ${WCD_STUDY_DAYS.max}`}
        />
      </OrderFields>
    </FormDialog>
  );
}

export type { NewStudyDialogProps };

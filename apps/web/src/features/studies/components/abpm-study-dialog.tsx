import { enqueueSnackbar } from 'notistack';
import { FormDialog } from '../../../components/form-dialog';
import { ABPM_STUDY_HOURS } from '../../../lib/studies';
import { useCreateAbpmStudy } from '../api/create-abpm-study';
import { useStudyForm } from '../hooks/use-study-form';
import { ABPM_ORDER_LABELS, emptyAbpmOrder, toAbpmStudyBody, validateAbpmOrder } from '../study-form';
import { OrderFields } from './order-fields';
import { StudyField } from './study-field';
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
    <FormDialog
      open
      title="New ABPM study"
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
        <StudyField {...form.fieldProps('durationHours')} options={HOUR_OPTIONS} required span={3} />
      </OrderFields>
    </FormDialog>
  );
}

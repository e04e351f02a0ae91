import type { FormEvent, ReactNode } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import type { OrderField, OrderingPhysician } from '../study-form';
import { OrderFields } from './order-fields';

/** What a study form hands its dialog (useStudyForm's answer, for any suite's fields). */
type OrderForm<Field extends string> = {
  formId: string;
  saving: boolean;
  problems: Parameters<typeof FormDialog>[0]['problems'];
  submit: (event: FormEvent) => Promise<unknown>;
  fieldProps: Parameters<typeof OrderFields<Field>>[0]['field'];
  change: (changes: { orderingPhysicianNpi: string; orderingPhysicianName: string }) => void;
};

/** A one-step study order: the ordering physician, the suite's own fields (children), start and notes. */
export function OrderStudyDialog<Field extends OrderField | string>({
  title,
  form,
  providers,
  onClose,
  children,
}: {
  title: string;
  form: OrderForm<Field>;
  providers: readonly OrderingPhysician[];
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog
      open
      title={title}
      submitLabel="Order study"
      formId={form.formId}
      saving={form.saving}
      problems={form.problems}
      onSubmit={(event) => void form.submit(event)}
      onClose={onClose}
    >
      <OrderFields field={form.fieldProps} providers={providers} change={form.change}>
        {children}
      </OrderFields>
    </FormDialog>
  );
}

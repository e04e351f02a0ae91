import { type FormEvent, useId, useState } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { type FormErrors, toFormErrors } from '../patient-form';

type PatientFormOptions<Field extends string, Values extends Record<Field, string>> = {
  initial: Values;
  labels: Record<Field, string>;
  validate: (values: Values) => FormErrors<Field>;
  /** Sends the form; null when there is nothing to send (nothing changed): the form just closes. */
  save: (values: Values) => Promise<unknown> | null;
  /** SPEC §8 style: what the snackbar says when the server refuses, e.g. 'Error updating patient'. */
  errorMessage: string;
  successMessage: string;
  onDone: () => void;
};

/**
 * A patient form's state: its values, the problems the browser found (each names its field) and those
 * the server named, beside their fields; the first field in error takes the focus. A refusal is said in
 * the snackbar too ('Error …'), a success with a confirmation, and the form closes.
 */
export function usePatientForm<Field extends string, Values extends Record<Field, string>>({
  initial,
  labels,
  validate,
  save,
  errorMessage,
  successMessage,
  onDone,
}: PatientFormOptions<Field, Values>) {
  const formId = useId();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const focusFirst = (found: FormErrors<Field>) => {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  const change = (changes: Partial<Values>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as Field];
      return next;
    });
  };
  const setField = (name: Field, value: string) => change({ [name]: value } as Partial<Values>);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const sending = save(values);
    if (!sending) {
      onDone();
      return;
    }
    setSaving(true);
    try {
      await sending;
      enqueueSnackbar(successMessage, { variant: 'success' });
      onDone();
    } catch (error) {
      enqueueSnackbar(errorMessage, { variant: 'error' });
      const { fields, other } = toFormErrors(error, labels);
      setErrors(fields);
      setProblems(other);
      focusFirst(fields);
    } finally {
      setSaving(false);
    }
  };

  /** What every field of the form shares: its id, label, value and error, and disabled while saving. */
  const fieldProps = (name: Field) => ({
    formId,
    name,
    label: labels[name],
    value: values[name],
    onChange: setField,
    error: errors[name],
    disabled: saving,
  });
  /** What the form's FormDialog takes; closing it is onDone. */
  const dialogProps = {
    open: true,
    formId,
    saving,
    problems,
    onSubmit: (event: FormEvent) => void submit(event),
    onClose: onDone,
  };

  return { formId, values, errors, problems, saving, change, setField, submit, fieldProps, dialogProps };
}

import { type FormEvent, useId, useState } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import type { FormErrors } from '../study-form';

type StudyFormOptions<Field extends string> = {
  initial: Record<Field, string>;
  labels: Record<Field, string>;
  validate: (values: Record<Field, string>) => FormErrors<Field>;
  /** Sends the form; resolves when the server took it. */
  save: (values: Record<Field, string>) => Promise<unknown>;
  /** What the snackbar says when the server refuses, e.g. 'The study could not be ordered'. */
  errorMessage: string;
  onSaved: () => void;
};

/**
 * A study form's state: its values, the problems the browser found and those the server named (a 400's
 * `details`), each under its field; the first field in error takes the focus. Problems the server did not
 * tie to a field of the form show above the fields.
 */
export function useStudyForm<Field extends string>({
  initial,
  labels,
  validate,
  save,
  errorMessage,
  onSaved,
}: StudyFormOptions<Field>) {
  const formId = useId();
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const focusFirst = (found: FormErrors<Field>) => {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${formId}-${first}`)?.focus();
  };

  const change = (changes: Partial<Record<Field, string>>) => {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(changes)) delete next[key as Field];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setSaving(true);
    try {
      await save(values);
      onSaved();
    } catch (error) {
      enqueueSnackbar(errorMessage, { variant: 'error' });
      const { fields, other } = toServerFieldErrors(error, labels);
      setErrors(fields);
      setProblems(other);
      // Once the fields are enabled again (they are disabled while saving).
      setTimeout(() => focusFirst(fields), 0);
    } finally {
      setSaving(false);
    }
  };

  /** What each field shares: its id, label, value and error, and disabled while saving. */
  const fieldProps = (name: Field) => ({
    formId,
    name,
    label: labels[name],
    value: values[name],
    onChange: (field: Field, value: string) => change({ [field]: value } as Partial<Record<Field, string>>),
    error: errors[name],
    disabled: saving,
  });

  return { formId, values, errors, problems, saving, change, submit, fieldProps };
}

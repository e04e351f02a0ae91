import Box from '@mui/material/Box';
import type { OacHistoryEntry, PatientResource } from '@portal/domain';
import { FormDialog } from '../../../components/form-dialog';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import { oacStatusKey } from '../../../lib/patient-format';
import { useCreateOacEntry } from '../api/create-oac-entry';
import { useUpdateOacEntry } from '../api/update-oac-entry';
import { useUpdatePatient } from '../api/update-patient';
import { usePatientForm } from '../hooks/use-patient-form';
import { OAC_ENTRY_LABELS, toOacEntryBody, validateOacEntry } from '../patient-form';
import {
  CHANGES_SAVED_MESSAGE,
  OAC_HISTORY_ERROR_MESSAGE,
  OAC_HISTORY_SAVED_MESSAGE,
  PATIENT_UPDATE_ERROR_MESSAGE,
} from '../patient-messages';
import { OAC_STATUS_OPTIONS } from './patient-options';

const STATUS_LABELS = { oacStatus: 'OAC status' };

/** The patient's OAC status (SPEC §3); 'Not recorded' clears it. */
export function OacStatusDialog({ patient, onClose }: { patient: PatientResource; onClose: () => void }) {
  const update = useUpdatePatient(patient.attributes.clinicNpi, patient.id);
  const current = oacStatusKey(patient.attributes.oacStatus) ?? '';
  const form = usePatientForm({
    initial: { oacStatus: current },
    labels: STATUS_LABELS,
    validate: () => ({}),
    save: (values) =>
      values.oacStatus === current ? null : update.mutateAsync({ oacStatus: values.oacStatus || null }),
    errorMessage: PATIENT_UPDATE_ERROR_MESSAGE,
    successMessage: CHANGES_SAVED_MESSAGE,
    onDone: onClose,
  });
  return (
    <FormDialog {...form.dialogProps} title="Change the OAC status" submitLabel="Save status">
      <Box sx={FORM_GRID_SX}>
        <FormField {...form.fieldProps('oacStatus')} options={OAC_STATUS_OPTIONS} span={6} autoFocus />
      </Box>
    </FormDialog>
  );
}

/** Add a medication to the OAC history, or edit an entry (its name, when it started, when it ended). */
export function OacEntryDialog({
  patient,
  entry,
  onClose,
}: {
  patient: PatientResource;
  /** The entry to edit; none to add one. */
  entry?: OacHistoryEntry | undefined;
  onClose: () => void;
}) {
  const { clinicNpi } = patient.attributes;
  const create = useCreateOacEntry(clinicNpi, patient.id);
  const update = useUpdateOacEntry(clinicNpi, patient.id);
  const form = usePatientForm({
    initial: {
      medicationName: entry?.medicationName ?? '',
      startDate: entry?.startDate ?? '',
      endDate: entry?.endDate ?? '',
    },
    labels: OAC_ENTRY_LABELS,
    validate: validateOacEntry,
    save: (values) =>
      entry
        ? update.mutateAsync({ oacId: entry.id, body: toOacEntryBody(values) })
        : create.mutateAsync(toOacEntryBody(values)),
    errorMessage: OAC_HISTORY_ERROR_MESSAGE,
    successMessage: OAC_HISTORY_SAVED_MESSAGE,
    onDone: onClose,
  });
  const field = form.fieldProps;
  return (
    <FormDialog
      {...form.dialogProps}
      title={entry ? 'Edit OAC history entry' : 'Add to the OAC history'}
      submitLabel={entry ? 'Save entry' : 'Add entry'}
    >
      <Box sx={FORM_GRID_SX}>
        <FormField
          {...field('medicationName')}
          span={6}
          autoFocus
          helperText="e.g. Apixaban 5 mg twice daily; left empty it reads '(unknown medication)'"
        />
        <FormField {...field('startDate')} type="date" required span={3} />
        <FormField {...field('endDate')} type="date" span={3} helperText="Empty while the patient takes it" />
      </Box>
    </FormDialog>
  );
}

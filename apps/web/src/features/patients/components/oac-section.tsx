import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  formatMedicationName,
  formatUsDate,
  formatUsDateTimeToMinute,
  isOacEntryCurrent,
  type OacHistoryEntry,
  type PatientResource,
} from '@portal/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  AF_WITHOUT_OAC_EXPLANATION,
  AfWithoutOacBadge,
} from '../../../components/patient/af-without-oac-badge';
import { OacStatusChip } from '../../../components/patient/oac-status-chip';
import { visuallyHidden } from '../../../components/visually-hidden';
import { localIsoDate } from '../../../lib/patient-format';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteOacEntry } from '../api/delete-oac-entry';
import { useUpdateOacEntry } from '../api/update-oac-entry';
import {
  OAC_HISTORY_DELETE_ERROR_MESSAGE,
  OAC_HISTORY_DELETED_MESSAGE,
  OAC_HISTORY_ERROR_MESSAGE,
  OAC_HISTORY_SAVED_MESSAGE,
} from '../patient-messages';
import { OacEntryDialog, OacStatusDialog } from './oac-dialogs';
import { PatientSection } from './patient-section';

type Editing = { kind: 'status' } | { kind: 'entry'; entry?: OacHistoryEntry } | null;

/** Newest first: the medication taken now on top, then by when each started. */
function byNewest(a: OacHistoryEntry, b: OacHistoryEntry): number {
  return b.startDate.localeCompare(a.startDate) || b.updatedAt.localeCompare(a.updatedAt);
}

/**
 * Anticoagulation (issue 13 §6): the status, the AF-without-OAC flag with what it means, and the history
 * of medications, which whoever may edit the patient adds to, edits, ends (today) and deletes.
 */
export function OacSection({ patient, canEdit }: { patient: PatientResource; canEdit: boolean }) {
  const { attributes } = patient;
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<OacHistoryEntry | null>(null);
  const updateEntry = useUpdateOacEntry(attributes.clinicNpi, patient.id);
  const deleteEntry = useDeleteOacEntry(attributes.clinicNpi, patient.id);
  const today = localIsoDate();
  const history = [...attributes.oacHistory].sort(byNewest);
  const describe = (entry: OacHistoryEntry) =>
    `${formatMedicationName(entry.medicationName)} started ${formatUsDate(entry.startDate)}`;

  const endToday = (entry: OacHistoryEntry) =>
    updateEntry.mutate(
      { oacId: entry.id, body: { endDate: today } },
      {
        onSuccess: () => enqueueSnackbar(OAC_HISTORY_SAVED_MESSAGE, { variant: 'success' }),
        onError: () => enqueueSnackbar(OAC_HISTORY_ERROR_MESSAGE, { variant: 'error' }),
      },
    );

  return (
    <PatientSection
      title="Anticoagulation (OAC)"
      actions={
        canEdit && (
          <Button size="small" variant="outlined" onClick={() => setEditing({ kind: 'status' })}>
            Change status
          </Button>
        )
      }
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <OacStatusChip value={attributes.oacStatus} size="medium" />
        {attributes.isAfWithoutOac && <AfWithoutOacBadge size="medium" />}
      </Stack>
      {attributes.isAfWithoutOac && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {AF_WITHOUT_OAC_EXPLANATION} Record the medication, or the decision as the OAC status.
        </Alert>
      )}

      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, mb: 0.5 }}>
        <Typography component="h4" variant="subtitle2" sx={{ flex: 1 }}>
          History
        </Typography>
        {canEdit && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setEditing({ kind: 'entry' })}>
            Add medication
          </Button>
        )}
      </Box>
      {history.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          No anticoagulant recorded.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="OAC history">
            <TableHead>
              <TableRow>
                <TableCell>Medication</TableCell>
                <TableCell>Started</TableCell>
                <TableCell>Ended</TableCell>
                <TableCell>Last changed</TableCell>
                {canEdit && (
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {history.map((entry) => {
                // Taken now, and not stopping today: an entry just ended with 'End' no longer reads as current.
                const current = isOacEntryCurrent(entry, today) && (!entry.endDate || entry.endDate > today);
                const canEnd = !entry.endDate && entry.startDate <= today;
                return (
                  <TableRow key={entry.id} data-oac-entry={entry.id}>
                    <TableCell>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {formatMedicationName(entry.medicationName)}
                      </Box>
                      {current && (
                        <Chip
                          size="small"
                          color="success"
                          variant="outlined"
                          label="Current"
                          sx={{ ml: 1 }}
                          component="span"
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUsDate(entry.startDate)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {entry.endDate ? formatUsDate(entry.endDate) : '—'}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Typography variant="body2" component="span" color="textSecondary">
                        {formatUsDateTimeToMinute(entry.updatedAt)}
                      </Typography>
                    </TableCell>
                    {canEdit && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          onClick={() => setEditing({ kind: 'entry', entry })}
                          aria-label={`Edit ${describe(entry)}`}
                        >
                          Edit
                        </Button>
                        {canEnd && (
                          <Button
                            size="small"
                            onClick={() => endToday(entry)}
                            disabled={updateEntry.isPending}
                            aria-label={`End ${describe(entry)} today`}
                          >
                            End
                          </Button>
                        )}
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setDeleting(entry)}
                          aria-label={`Delete ${describe(entry)}`}
                        >
                          Delete
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}

      {editing?.kind === 'status' && <OacStatusDialog patient={patient} onClose={() => setEditing(null)} />}
      {editing?.kind === 'entry' && (
        <OacEntryDialog patient={patient} entry={editing.entry} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this OAC history entry?"
        confirmLabel="Delete entry"
        pending={deleteEntry.isPending}
        error={deleteEntry.error ? OAC_HISTORY_DELETE_ERROR_MESSAGE : null}
        onClose={() => {
          deleteEntry.reset();
          setDeleting(null);
        }}
        onConfirm={() =>
          deleting &&
          deleteEntry.mutate(deleting.id, {
            onSuccess: () => {
              enqueueSnackbar(OAC_HISTORY_DELETED_MESSAGE, { variant: 'success' });
              setDeleting(null);
            },
            onError: () => enqueueSnackbar(OAC_HISTORY_DELETE_ERROR_MESSAGE, { variant: 'error' }),
          })
        }
      >
        {deleting
          ? `${describe(deleting)} is removed from the history. Ending it keeps it on record instead.`
          : ''}
      </ConfirmDialog>
    </PatientSection>
  );
}

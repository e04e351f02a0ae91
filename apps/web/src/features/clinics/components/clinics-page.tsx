import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type MouseEvent, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { queryKeys } from '../../../lib/query-keys';
import { usePermissions } from '../../../lib/session/session-context';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { toClinicBody } from '../api/clinic-body';
import { getClinics } from '../api/get-clinics';
import { useUpdateClinic } from '../api/update-clinic';
import type { Clinic } from '../types';
import { buildClinicColumns } from './clinic-columns';
import { type ClinicDialogTarget, ClinicFormDialog } from './clinic-form-dialog';
import { DeactivateClinicDialog } from './deactivate-clinic-dialog';

const getClinicId = (clinic: Clinic) => clinic.id;

type Opened<T> = { value: T; open: boolean; key: number };

/** Clinics administration: list, add, edit and (de)activate; a row opens the clinic's own page. */
export function ClinicsPage() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const canUpdate = can('clinic:update');
  const [dialog, setDialog] = useState<Opened<ClinicDialogTarget> | null>(null);
  const showDialog = useCallback(
    (value: ClinicDialogTarget) =>
      setDialog((current) => ({ value, open: true, key: (current?.key ?? 0) + 1 })),
    [],
  );
  const hideDialog = useCallback(
    () => setDialog((current) => (current ? { ...current, open: false } : null)),
    [],
  );

  const { mutate: saveClinic, isPending, variables } = useUpdateClinic();
  const savingId = isPending ? variables?.id : undefined;
  // The clinic waiting for the administrator to confirm its deactivation.
  const [deactivating, setDeactivating] = useState<Clinic | null>(null);

  const saveActive = useCallback(
    (clinic: Clinic, isActive: boolean, onSaved?: () => void) =>
      saveClinic(
        { id: clinic.id, body: { ...toClinicBody(clinic), isActive } },
        {
          onSuccess: (saved) => {
            enqueueSnackbar(isActive ? `${saved.name} is active.` : `${saved.name} is inactive.`, {
              variant: 'success',
            });
            onSaved?.();
          },
        },
      ),
    [saveClinic],
  );

  // Activating is harmless; deactivating shuts everyone out of the clinic, so it asks first.
  const toggleActive = useCallback(
    (clinic: Clinic, isActive: boolean) => {
      if (isActive) saveActive(clinic, true);
      else setDeactivating(clinic);
    },
    [saveActive],
  );

  const columns = useMemo(
    () =>
      buildClinicColumns(
        canUpdate
          ? {
              onToggleActive: toggleActive,
              onEdit: (clinic) => showDialog({ mode: 'edit', clinic }),
              savingId,
            }
          : {},
      ),
    [canUpdate, toggleActive, showDialog, savingId],
  );

  // A click anywhere on a row (but on its controls) opens the clinic, as its name link does.
  const openRow = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, label, [role="button"]')) return;
    const link = target.closest('tbody tr')?.querySelector<HTMLAnchorElement>('a[data-clinic-link]');
    if (link) navigate(link.pathname);
  };

  return (
    <>
      <Box onClick={openRow} sx={{ '& tbody tr': { cursor: 'pointer' } }}>
        <DataTable
          label="Clinics"
          columns={columns}
          queryKey={queryKeys.clinics.list}
          fetchPage={getClinics}
          getRowId={getClinicId}
          defaultOrder={{ field: 'name', direction: 'asc' }}
          searchPlaceholder="Name, code or NPI"
          emptyMessage="No clinics match the search and filters."
          actions={
            can('clinic:create') && (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => showDialog({ mode: 'create' })}
              >
                New clinic
              </Button>
            )
          }
        />
      </Box>
      <DeactivateClinicDialog
        clinicName={deactivating?.name ?? ''}
        open={deactivating !== null}
        pending={isPending}
        onConfirm={() => {
          if (deactivating) saveActive(deactivating, false, () => setDeactivating(null));
        }}
        onClose={() => setDeactivating(null)}
      />
      <ClinicFormDialog
        key={`form-${dialog?.key ?? 0}`}
        target={dialog?.value ?? null}
        open={dialog?.open ?? false}
        onClose={hideDialog}
      />
    </>
  );
}

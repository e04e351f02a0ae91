import { ConfirmDialog } from '../../../components/confirm-dialog';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteDefault } from '../api/delete-default';
import { type AnyDefault, DEFAULT_KIND_LABELS, type DefaultKind } from '../types';

type DeleteDefaultDialogProps = {
  kind: DefaultKind;
  row: AnyDefault | null;
  open: boolean;
  onClose: () => void;
};

/** Asks before deleting a default: every clinic stops seeing it, with their own values under its name. */
export function DeleteDefaultDialog({ kind, row, open, onClose }: DeleteDefaultDialogProps) {
  const remove = useDeleteDefault();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!row) return;
    try {
      await remove.mutateAsync({ kind, id: row.id });
      enqueueSnackbar(`${row.title || row.name} was deleted.`, { variant: 'success' });
      close();
    } catch {
      // Shown in the dialog and in the snackbar.
    }
  };
  return (
    <ConfirmDialog
      open={open && row !== null}
      title={`Delete ${row?.title || row?.name || 'this default'}?`}
      confirmLabel="Delete default"
      pending={remove.isPending}
      error={remove.isError ? remove.error.message : null}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      The {DEFAULT_KIND_LABELS[kind].singular} <strong>{row?.name}</strong> disappears from every clinic, and
      the values clinics set for it themselves no longer apply. This cannot be undone.
    </ConfirmDialog>
  );
}

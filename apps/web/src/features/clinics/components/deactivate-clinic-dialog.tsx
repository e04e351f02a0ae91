import { ConfirmDialog } from '../../../components/confirm-dialog';

/**
 * Asks before a clinic is deactivated, naming it: deactivating takes the clinic out of every user's
 * clinic picker, so nobody can open its inbox until it is activated again.
 */
export function DeactivateClinicDialog({
  clinicName,
  open,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  clinicName: string;
  open: boolean;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      title={`Deactivate ${clinicName}?`}
      confirmLabel="Deactivate clinic"
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {clinicName} will disappear from the clinic picker of everyone who works there, and nobody will be able
      to open its inbox. Its documents, users and settings are kept, and you can activate it again at any
      time.
    </ConfirmDialog>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteUser } from '../api/delete-user';

type DeleteUserDialogProps = {
  user: { id: string; name: string } | null;
  open: boolean;
  onClose: () => void;
};

/** Asks before deleting: the account and its sign-ins go, and this cannot be undone. */
export function DeleteUserDialog({ user, open, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    deleteUser.reset();
    onClose();
  };
  const confirm = async () => {
    if (!user) return;
    try {
      await deleteUser.mutateAsync(user.id);
      enqueueSnackbar(`${user.name} was deleted.`, { variant: 'success' });
      close();
    } catch {
      // Shown below and in the snackbar.
    }
  };
  return (
    <Dialog
      open={open && user !== null}
      onClose={deleteUser.isPending ? undefined : close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Delete {user?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId}>
          Their account is removed and they are signed out everywhere. This cannot be undone. To stop someone
          signing in for a while, lock the account instead.
        </DialogContentText>
        {deleteUser.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {deleteUser.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={deleteUser.isPending} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          loading={deleteUser.isPending}
        >
          Delete user
        </Button>
      </DialogActions>
    </Dialog>
  );
}

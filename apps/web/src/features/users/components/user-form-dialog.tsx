import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatUserDisplayName } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { FormDialogBody } from '../../../components/form-dialog';
import { useSession } from '../../../lib/session/session-context';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { useCreateUser } from '../api/create-user';
import { userQueryOptions } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { listEditableClinics } from '../role-grants';
import {
  EMPTY_USER_FORM,
  type FieldErrors,
  toFieldErrors,
  toFormValues,
  toUserBody,
  type UserFormField,
  type UserFormValues,
  validateUserForm,
} from '../user-form';
import { RoleEditor } from './role-editor';

export type UserDialogTarget = { mode: 'create' } | { mode: 'edit'; userId: string };

type TextFieldSpec = {
  name: Exclude<UserFormField, 'roles'>;
  label: string;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  helperText?: string;
  /** Grid columns out of 6 on wide screens. */
  span: number;
};

const TEXT_FIELDS: TextFieldSpec[] = [
  { name: 'email', label: 'Email', required: true, type: 'email', autoComplete: 'off', span: 6 },
  { name: 'title', label: 'Title', autoComplete: 'off', span: 1 },
  { name: 'firstName', label: 'First name', autoComplete: 'off', span: 2 },
  { name: 'lastName', label: 'Last name', autoComplete: 'off', span: 2 },
  { name: 'suffixes', label: 'Suffixes', autoComplete: 'off', span: 1 },
  { name: 'npi', label: 'NPI', autoComplete: 'off', helperText: 'Providers only: 10 digits', span: 3 },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'off', span: 3 },
  {
    name: 'homePage',
    label: 'Home page',
    autoComplete: 'off',
    helperText: 'Optional portal page opened after sign-in, e.g. /signature/dashboard/',
    span: 6,
  },
];

type UserFormProps = {
  mode: 'create' | 'edit';
  userId?: string;
  initial: UserFormValues;
  titleId: string;
  onClose: () => void;
};

function UserForm({ mode, userId, initial, titleId, onClose }: UserFormProps) {
  const session = useSession();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const saving = createUser.isPending || updateUser.isPending;
  const formId = useId();

  const actor = session.user.attributes;
  const editableClinics = useMemo(
    () => listEditableClinics(actor, session.currentClinic, session.allowedClinics),
    [actor, session.currentClinic, session.allowedClinics],
  );
  const clinicNames = useMemo(
    () => new Map(session.allowedClinics.map((clinic) => [clinic.npi, clinic.name])),
    [session.allowedClinics],
  );

  const setField = (name: UserFormField, value: UserFormValues[UserFormField]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUserForm(values, { requireRole: mode === 'create' });
    setErrors(found);
    setProblems([]);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0];
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    const body = toUserBody(values);
    try {
      if (mode === 'create') {
        const created = await createUser.mutateAsync(body);
        enqueueSnackbar(`${formatUserDisplayName(created.attributes)} was added.`, { variant: 'success' });
      } else if (userId) {
        await updateUser.mutateAsync({ id: userId, body });
        enqueueSnackbar('Changes saved.', { variant: 'success' });
      }
      onClose();
    } catch (error) {
      // The snackbar (query client) shows the server's message; the fields show their own problems.
      const { fields, other } = toFieldErrors(error);
      setErrors(fields);
      setProblems(other.length > 0 || Object.keys(fields).length > 0 ? other : [(error as Error).message]);
      const first = Object.keys(fields)[0];
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
    }
  };

  return (
    <FormDialogBody
      formId={formId}
      titleId={titleId}
      submitLabel={mode === 'create' ? 'Add user' : 'Save changes'}
      saving={saving}
      problems={problems}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(6, 1fr)' },
          gap: 2,
          mb: 3,
        }}
      >
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`${formId}-${field.name}`}
            label={field.label}
            required={field.required}
            type={field.type ?? 'text'}
            size="small"
            value={values[field.name]}
            onChange={(event) => setField(field.name, event.target.value)}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ?? field.helperText}
            disabled={saving}
            autoFocus={field.name === 'email' && mode === 'create'}
            slotProps={{ htmlInput: { autoComplete: field.autoComplete } }}
            sx={{ gridColumn: { sm: `span ${field.span}` } }}
          />
        ))}
      </Box>
      <RoleEditor
        roles={values.roles}
        onChange={(roles) => setField('roles', roles)}
        actor={actor}
        editableClinics={editableClinics}
        clinicName={(npi) => clinicNames.get(npi)}
        error={errors.roles}
        disabled={saving}
      />
      {mode === 'create' && (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          The new user has no password yet: once they are added, send them a password-change link from the
          list.
        </Typography>
      )}
    </FormDialogBody>
  );
}

function EditUserForm({
  userId,
  titleId,
  onClose,
}: {
  userId: string;
  titleId: string;
  onClose: () => void;
}) {
  const user = useQuery({ ...userQueryOptions(userId), meta: { silent: true } });
  if (user.data) {
    return (
      <UserForm
        mode="edit"
        userId={userId}
        initial={toFormValues(user.data)}
        titleId={titleId}
        onClose={onClose}
      />
    );
  }
  return (
    <>
      <DialogContent dividers>
        {user.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void user.refetch()}>
                Retry
              </Button>
            }
          >
            {user.error.message}
          </Alert>
        ) : (
          <LinearProgress aria-label="Loading the user" />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

/**
 * Add a user, or edit one's profile and roles. `target` stays set while the dialog closes, so its
 * content does not vanish during the closing animation; the page keys the dialog per opening.
 */
export function UserFormDialog({
  target,
  open,
  onClose,
}: {
  target: UserDialogTarget | null;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog
      open={open && target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={narrow}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{target?.mode === 'edit' ? 'Edit user' : 'Add a user'}</DialogTitle>
      {target?.mode === 'create' && (
        <UserForm mode="create" initial={EMPTY_USER_FORM} titleId={titleId} onClose={onClose} />
      )}
      {target?.mode === 'edit' && <EditUserForm userId={target.userId} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

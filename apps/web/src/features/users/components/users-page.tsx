import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatUserDisplayName } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type DataTableQuery } from '../../../components/data-table';
import { useSession } from '../../../lib/session/session-context';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import type { UserResource } from '../../../lib/user-resource';
import { type PasswordTicket, useCreatePasswordTicket } from '../api/create-password-ticket';
import { getUsers, type UserListScope, usersListQueryKey } from '../api/get-users';
import { useSetUserLock } from '../api/set-user-lock';
import { DeleteUserDialog } from './delete-user-dialog';
import { PasswordLinkDialog } from './password-link-dialog';
import { buildUserColumns } from './user-columns';
import { type UserDialogTarget, UserFormDialog } from './user-form-dialog';
import { type UserAction, UserRowActions } from './user-row-actions';

const getUserId = (user: UserResource) => user.id;

type Opened<T> = { value: T; open: boolean; key: number };

/** A dialog's subject stays while the dialog animates closed; each opening gets a fresh key. */
function useDialog<T>() {
  const [state, setState] = useState<Opened<T> | null>(null);
  const show = useCallback(
    (value: T) => setState((current) => ({ value, open: true, key: (current?.key ?? 0) + 1 })),
    [],
  );
  const hide = useCallback(() => setState((current) => (current ? { ...current, open: false } : null)), []);
  return { state, show, hide };
}

/** Users administration: list, add, edit, lock, password-change link and delete, each as the role allows. */
export function UsersPage() {
  const { can, currentClinic, allowedClinics, user: me } = useSession();
  const canListAll = can('user:assign-global-roles');
  const [showAll, setShowAll] = useState(false);
  const scope: UserListScope =
    (showAll && canListAll) || !currentClinic ? 'all' : { clinicNpi: currentClinic.npi };

  const formDialog = useDialog<UserDialogTarget>();
  const deleteDialog = useDialog<{ id: string; name: string }>();
  const linkDialog = useDialog<PasswordTicket & { name: string }>();
  const { show: showForm } = formDialog;
  const { show: showDelete } = deleteDialog;
  const { show: showLink } = linkDialog;
  const { mutate: lockUser } = useSetUserLock();
  const { mutate: createTicket } = useCreatePasswordTicket();

  const clinicCodes = useMemo(
    () => new Map(allowedClinics.map((clinic) => [clinic.npi, clinic.code])),
    [allowedClinics],
  );

  const allowedActions = useCallback(
    (user: UserResource): UserAction[] => {
      const self = user.id === me.id;
      const actions: UserAction[] = [];
      if (can('user:update')) actions.push('edit');
      if (can('user:lock') && !self) actions.push(user.attributes.isLocked ? 'unlock' : 'lock');
      if (can('user:password-ticket') && user.id.startsWith('auth0|')) actions.push('password-link');
      if (can('user:delete') && !self) actions.push('delete');
      return actions;
    },
    [can, me.id],
  );

  const runAction = useCallback(
    (user: UserResource, action: UserAction) => {
      const name = formatUserDisplayName(user.attributes);
      switch (action) {
        case 'edit':
          showForm({ mode: 'edit', userId: user.id });
          break;
        case 'delete':
          showDelete({ id: user.id, name });
          break;
        case 'lock':
        case 'unlock': {
          const isLocked = action === 'lock';
          lockUser(
            { id: user.id, isLocked },
            {
              onSuccess: () =>
                enqueueSnackbar(isLocked ? `${name} is locked.` : `${name} is unlocked.`, {
                  variant: 'success',
                }),
            },
          );
          break;
        }
        case 'password-link':
          createTicket(
            { id: user.id, returnUrl: `${window.location.origin}/` },
            { onSuccess: (ticket) => showLink({ ...ticket, name }) },
          );
          break;
      }
    },
    [showForm, showDelete, showLink, lockUser, createTicket],
  );

  const columns = useMemo(
    () =>
      buildUserColumns({
        showClinics: scope === 'all',
        clinicCode: (npi) => clinicCodes.get(npi),
        renderActions: (user) => (
          <UserRowActions
            name={formatUserDisplayName(user.attributes)}
            actions={allowedActions(user)}
            onAction={(action) => runAction(user, action)}
          />
        ),
      }),
    [scope, clinicCodes, allowedActions, runAction],
  );

  const fetchPage = useCallback(
    (query: DataTableQuery, options: { signal: AbortSignal }) => getUsers(scope, query, options),
    [scope],
  );
  const scopeKey = scope === 'all' ? '*' : scope.clinicNpi;

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 2,
        }}
      >
        <Typography color="textSecondary">
          {scope === 'all'
            ? 'Every user of the portal.'
            : `People with a role at ${currentClinic?.name ?? 'this clinic'}.`}
        </Typography>
        {canListAll && currentClinic && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={showAll ? 'all' : 'clinic'}
            onChange={(_event, value: string | null) => value && setShowAll(value === 'all')}
            aria-label="Which users"
          >
            <ToggleButton value="clinic">This clinic</ToggleButton>
            <ToggleButton value="all">All users</ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      <DataTable
        key={scopeKey}
        label="Users"
        columns={columns}
        queryKey={usersListQueryKey(scope)}
        fetchPage={fetchPage}
        getRowId={getUserId}
        defaultOrder={{ field: 'firstName', direction: 'asc' }}
        searchPlaceholder="Name or e-mail"
        emptyMessage="No users match the search and filters."
        actions={
          can('user:create') && (
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => formDialog.show({ mode: 'create' })}
            >
              Add user
            </Button>
          )
        }
      />
      <UserFormDialog
        key={`form-${formDialog.state?.key ?? 0}`}
        target={formDialog.state?.value ?? null}
        open={formDialog.state?.open ?? false}
        onClose={formDialog.hide}
      />
      <DeleteUserDialog
        user={deleteDialog.state?.value ?? null}
        open={deleteDialog.state?.open ?? false}
        onClose={deleteDialog.hide}
      />
      <PasswordLinkDialog
        link={linkDialog.state?.value ?? null}
        open={linkDialog.state?.open ?? false}
        onClose={linkDialog.hide}
      />
    </>
  );
}

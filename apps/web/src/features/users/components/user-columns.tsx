import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  formatUsDate,
  formatUsDateTimeToMinute,
  formatUserDisplayName,
  GLOBAL_CLINIC_NPI,
  ROLE_LABELS,
  ROLES,
} from '@portal/domain';
import type { ReactNode } from 'react';
import type { DataTableColumn } from '../../../components/data-table';
import type { UserResource } from '../../../lib/user-resource';
import { roleLabel } from '../role-grants';
import { AccountStateChip } from './account-state-chip';

type UserColumnsOptions = {
  /** Show where each role is held (the list of every user); a clinic's list shows its own roles only. */
  showClinics: boolean;
  clinicCode: (npi: string) => string | undefined;
  renderActions: (user: UserResource) => ReactNode;
};

export function buildUserColumns({ showClinics, clinicCode, renderActions }: UserColumnsOptions) {
  const columns: DataTableColumn<UserResource>[] = [
    {
      id: 'firstName',
      header: 'Name',
      sortable: true,
      render: (user) => formatUserDisplayName(user.attributes) || '—',
    },
    {
      id: 'email',
      header: 'Email',
      sortable: true,
      render: (user) => <Box sx={{ overflowWrap: 'anywhere' }}>{user.attributes.email}</Box>,
    },
    {
      id: 'role',
      header: 'Roles',
      filter: {
        type: 'select',
        allLabel: 'Any role',
        options: ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
      },
      render: (user) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {user.attributes.roles.map((grant) => {
            const where =
              grant.clinicNPI === GLOBAL_CLINIC_NPI
                ? 'All clinics'
                : (clinicCode(grant.clinicNPI) ?? grant.clinicNPI);
            return (
              <Chip
                key={`${grant.role}@${grant.clinicNPI}`}
                size="small"
                variant="outlined"
                label={
                  showClinics || grant.clinicNPI === GLOBAL_CLINIC_NPI
                    ? `${roleLabel(grant.role)} · ${where}`
                    : roleLabel(grant.role)
                }
              />
            );
          })}
        </Box>
      ),
    },
    {
      id: 'isLocked',
      header: 'Status',
      width: 240,
      filter: {
        type: 'select',
        options: [
          { value: 'false', label: 'Not locked' },
          { value: 'true', label: 'Locked' },
        ],
      },
      render: (user) => <AccountStateChip state={user.attributes.accountState} />,
    },
    {
      id: 'lastSignInAt',
      header: 'Last sign-in',
      sortable: true,
      width: 180,
      render: (user) =>
        user.attributes.lastSignInAt ? (
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatUsDateTimeToMinute(user.attributes.lastSignInAt)}
          </Box>
        ) : (
          <Typography component="span" variant="body2" color="textSecondary">
            Never
          </Typography>
        ),
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      sortable: true,
      width: 120,
      render: (user) => formatUsDate(user.attributes.updatedAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      width: 80,
      render: renderActions,
    },
  ];
  return columns;
}

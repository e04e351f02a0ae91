import EditIcon from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { formatUsDate } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import type { Clinic } from '../types';

/** The clinic's own page. */
export const clinicPath = (id: string) => `/admin/clinics/${encodeURIComponent(id)}`;

type ClinicColumnOptions = {
  /** Set when the actor may change a clinic's identity and activation (clinic:update). */
  onToggleActive?: (clinic: Clinic, isActive: boolean) => void;
  onEdit?: (clinic: Clinic) => void;
  /** The clinic whose activation is being saved. */
  savingId?: string | undefined;
};

function StatusChip({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Chip label="Active" size="small" color="success" variant="outlined" />
  ) : (
    <Chip label="Inactive" size="small" variant="outlined" />
  );
}

export function buildClinicColumns({
  onToggleActive,
  onEdit,
  savingId,
}: ClinicColumnOptions = {}): DataTableColumn<Clinic>[] {
  const columns: DataTableColumn<Clinic>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      filter: { type: 'text' },
      render: (clinic) => (
        <Link component={RouterLink} to={clinicPath(clinic.id)} underline="hover" data-clinic-link>
          {clinic.name}
        </Link>
      ),
    },
    {
      id: 'code',
      header: 'Code',
      sortable: true,
      filter: { type: 'text' },
      width: 160,
      render: (clinic) => clinic.code,
    },
    {
      id: 'npi',
      header: 'NPI',
      sortable: true,
      filter: { type: 'text' },
      width: 160,
      render: (clinic) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{clinic.npi}</span>,
    },
    {
      id: 'isActive',
      header: 'Status',
      sortable: true,
      filter: {
        type: 'select',
        options: [
          { value: 'true', label: 'Active' },
          { value: 'false', label: 'Inactive' },
        ],
      },
      width: 170,
      render: (clinic) =>
        onToggleActive ? (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
            <Switch
              size="small"
              checked={clinic.isActive}
              disabled={savingId === clinic.id}
              onChange={(event) => onToggleActive(clinic, event.target.checked)}
              slotProps={{ input: { 'aria-label': `${clinic.name} is active` } }}
            />
            <StatusChip isActive={clinic.isActive} />
          </span>
        ) : (
          <StatusChip isActive={clinic.isActive} />
        ),
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      sortable: true,
      width: 130,
      render: (clinic) => formatUsDate(clinic.updatedAt),
    },
  ];
  if (onEdit) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      width: 64,
      render: (clinic) => (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${clinic.name}`} onClick={() => onEdit(clinic)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    });
  }
  return columns;
}

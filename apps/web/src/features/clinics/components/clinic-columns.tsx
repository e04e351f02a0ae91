import Chip from '@mui/material/Chip';
import { formatUsDate } from '@portal/domain';
import type { DataTableColumn } from '../../../components/data-table';
import type { Clinic } from '../types';

export const clinicColumns: DataTableColumn<Clinic>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    filter: { type: 'text' },
    render: (clinic) => clinic.name,
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
    width: 150,
    render: (clinic) =>
      clinic.isActive ? (
        <Chip label="Active" size="small" color="success" variant="outlined" />
      ) : (
        <Chip label="Inactive" size="small" variant="outlined" />
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

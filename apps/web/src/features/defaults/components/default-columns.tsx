import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { listEnumOptions } from '@portal/domain';
import type { DataTableColumn } from '../../../components/data-table';
import { describeDefaultValue, VALUE_TYPE_LABELS } from '../default-form';
import type { AnyDefault, DefaultKind } from '../types';

type DefaultColumnOptions = {
  kind: DefaultKind;
  onEdit: (row: AnyDefault) => void;
  onDelete: (row: AnyDefault) => void;
};

const nameOf = (row: AnyDefault) => row.title || row.name;

export function buildDefaultColumns({
  kind,
  onEdit,
  onDelete,
}: DefaultColumnOptions): DataTableColumn<AnyDefault>[] {
  const columns: DataTableColumn<AnyDefault>[] = [
    {
      id: 'title',
      header: 'Title',
      sortable: true,
      width: '24%',
      render: (row) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {row.title}
          </Typography>
          <Typography variant="caption" color="textSecondary" sx={{ fontFamily: 'monospace' }}>
            {row.name}
          </Typography>
        </>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      render: (row) => (
        <Typography variant="body2" color="textSecondary">
          {row.description || '—'}
        </Typography>
      ),
    },
  ];
  if (kind === 'workflows') {
    columns.push(
      {
        id: 'valueType',
        header: 'Value type',
        sortable: true,
        width: 150,
        render: (row) => {
          if (!('valueType' in row)) return '';
          const options = listEnumOptions(row.valueType);
          if (options.length === 0) return VALUE_TYPE_LABELS[row.valueType];
          return (
            <>
              Enum
              <Typography variant="caption" color="textSecondary" component="div">
                {options.join(' | ')}
              </Typography>
            </>
          );
        },
      },
      {
        id: 'value',
        header: 'Default value',
        width: 170,
        render: (row) => (
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {describeDefaultValue(row)}
          </Box>
        ),
      },
    );
  }
  columns.push(
    {
      id: 'enabled',
      header: 'Default',
      sortable: true,
      width: 110,
      render: (row) =>
        row.enabled ? (
          <Chip label="On" size="small" color="success" variant="outlined" />
        ) : (
          <Chip label="Off" size="small" variant="outlined" />
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      width: 104,
      align: 'right',
      render: (row) => (
        <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label={`Delete ${nameOf(row)}`}
              onClick={() => onDelete(row)}
              sx={{ color: 'error.main' }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  );
  return columns;
}

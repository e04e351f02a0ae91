import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import {
  DOCUMENT_TYPES,
  type DocumentResource,
  documentTypeLabel,
  formatUsDate,
  formatUsDateTimeToMinute,
} from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../../components/data-table';
import { getPatientDocuments, patientDocumentsQueryKey } from '../api/get-patient-documents';
import { inboxDocumentLink } from '../inbox-link';

const STATUS_LABELS: Record<string, string> = {
  unsigned: 'Unsigned',
  signed: 'Signed',
  acknowledged: 'Acknowledged',
  signing: 'Signing…',
  acknowledging: 'Acknowledging…',
};
const ALERT_LABELS: Record<string, string> = { high: 'High alert', medium: 'Medium alert', low: 'Low alert' };

function buildColumns(): DataTableColumn<DocumentResource>[] {
  return [
    {
      id: 'dos',
      header: 'Date of service',
      sortable: true,
      width: 150,
      render: (document) => formatUsDate(document.attributes.dos),
    },
    {
      id: 'type',
      header: 'Document',
      filter: {
        type: 'select',
        allLabel: 'Any type',
        options: DOCUMENT_TYPES.map((type) => ({ value: type, label: documentTypeLabel(type) })),
      },
      render: (document) => (
        <Box>
          {documentTypeLabel(document.attributes.type)}
          {document.attributes.alert && (
            <Chip
              size="small"
              variant={document.attributes.alert === 'high' ? 'filled' : 'outlined'}
              color={document.attributes.alert === 'high' ? 'error' : 'warning'}
              label={ALERT_LABELS[document.attributes.alert] ?? document.attributes.alert}
              sx={{ ml: 1 }}
              component="span"
            />
          )}
        </Box>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: 150,
      render: (document) => STATUS_LABELS[document.attributes.status] ?? document.attributes.status,
    },
    {
      id: 'createdAt',
      header: 'Received',
      sortable: true,
      width: 190,
      render: (document) => formatUsDateTimeToMinute(document.attributes.createdAt),
    },
    {
      id: 'open',
      header: 'Open',
      hideHeader: true,
      align: 'right',
      width: 110,
      render: (document) => (
        <Button
          component={RouterLink}
          to={inboxDocumentLink(document.attributes.clinicNpi, document.id)}
          size="small"
          variant="outlined"
          endIcon={<ArrowForwardIcon />}
          aria-label={`Open the ${documentTypeLabel(document.attributes.type)} of ${formatUsDate(document.attributes.dos)}`}
          data-open-document={document.id}
        >
          Open
        </Button>
      ),
    },
  ];
}

/** This patient's documents (issue 13 §13), newest first; opening one shows it in the inbox's viewer. */
export function PatientDocuments({ clinicNpi, patientRef }: { clinicNpi: string; patientRef: string }) {
  const columns = useMemo(() => buildColumns(), []);
  const fetchPage = useCallback(
    (query: DataTableQuery, options: { signal: AbortSignal }) =>
      getPatientDocuments(clinicNpi, patientRef, query, options),
    [clinicNpi, patientRef],
  );
  return (
    <DataTable
      label="The patient's documents"
      columns={columns}
      queryKey={patientDocumentsQueryKey(clinicNpi, patientRef)}
      fetchPage={fetchPage}
      getRowId={(document) => document.id}
      defaultOrder={{ field: 'dos', direction: 'desc' }}
      searchPlaceholder="Search the documents"
      emptyMessage="No documents for this patient."
    />
  );
}

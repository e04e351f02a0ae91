import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import MemoryOutlinedIcon from '@mui/icons-material/MemoryOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { formatTimeline, type PatientEvent, type PatientEventKind, TABLE_DEFAULT_ROWS } from '@portal/domain';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TABLE_ROWS_PER_PAGE_OPTIONS } from '../../../lib/constants';
import { usePatientEvents } from '../api/get-patient-events';
import { inboxDocumentLink } from '../inbox-link';

const KIND_STYLES: Record<PatientEventKind, { label: string; icon: ReactNode }> = {
  document: { label: 'Document', icon: <DescriptionOutlinedIcon fontSize="small" /> },
  patient: { label: 'Patient record', icon: <PersonOutlineIcon fontSize="small" /> },
  oac: { label: 'Anticoagulation', icon: <MedicationOutlinedIcon fontSize="small" /> },
  sync: { label: 'FileMaker sync', icon: <SyncIcon fontSize="small" /> },
  device: { label: 'Device data', icon: <MemoryOutlinedIcon fontSize="small" /> },
  study: { label: 'Study', icon: <BedtimeOutlinedIcon fontSize="small" /> },
};

function TimelineItem({
  event,
  clinicNpi,
  canOpenDocuments,
}: {
  event: PatientEvent;
  clinicNpi: string;
  canOpenDocuments: boolean;
}) {
  const style = KIND_STYLES[event.kind] ?? KIND_STYLES.patient;
  return (
    <Box
      component="li"
      data-event-kind={event.kind}
      sx={{
        display: 'flex',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box
        aria-hidden
        sx={{
          flex: 'none',
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.selected',
          color: 'text.secondary',
        }}
      >
        {style.icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {event.summary}
        </Typography>
        <Typography variant="caption" color="textSecondary" component="p">
          <time dateTime={event.createdAt}>{formatTimeline(event.createdAt)}</time>
          {' · '}
          {style.label}
          {' · '}
          {event.actorName ?? 'the portal'}
        </Typography>
        {event.documentId && canOpenDocuments && (
          <Link component={RouterLink} to={inboxDocumentLink(clinicNpi, event.documentId)} variant="body2">
            Open the document
          </Link>
        )}
      </Box>
    </Box>
  );
}

/** The patient's timeline (issue 13 §9): documents, changes, OAC and syncs, newest first, a page at a time. */
export function PatientTimeline({
  clinicNpi,
  patientId,
  canOpenDocuments,
}: {
  clinicNpi: string;
  patientId: string;
  canOpenDocuments: boolean;
}) {
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<number>(TABLE_DEFAULT_ROWS);
  const events = usePatientEvents(clinicNpi, patientId, { offset: page * rows, limit: rows });

  return (
    <Paper variant="outlined" component="section" aria-label="Timeline">
      <Box sx={{ height: 4 }}>
        {events.isFetching && <LinearProgress aria-label="Loading the timeline" />}
      </Box>
      <Box sx={{ px: 2, pb: 1 }}>
        {events.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void events.refetch()}>
                Retry
              </Button>
            }
          >
            {events.error.message}
          </Alert>
        ) : events.isPending ? (
          <Typography color="textSecondary" sx={{ py: 2 }}>
            Loading…
          </Typography>
        ) : events.data.data.length === 0 ? (
          <Typography color="textSecondary" sx={{ py: 2 }}>
            Nothing has happened to this patient's record yet.
          </Typography>
        ) : (
          <Box
            component="ol"
            aria-label="Patient events, newest first"
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {events.data.data.map((event) => (
              <TimelineItem
                key={event.id}
                event={event}
                clinicNpi={clinicNpi}
                canOpenDocuments={canOpenDocuments}
              />
            ))}
          </Box>
        )}
      </Box>
      <TablePagination
        component="div"
        count={events.data?.metadata.totalCount ?? 0}
        page={page}
        rowsPerPage={rows}
        rowsPerPageOptions={TABLE_ROWS_PER_PAGE_OPTIONS}
        labelRowsPerPage="Events per page:"
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRows(Number(event.target.value));
          setPage(0);
        }}
        showFirstButton
        showLastButton
        sx={{ borderTop: 1, borderColor: 'divider' }}
      />
    </Paper>
  );
}

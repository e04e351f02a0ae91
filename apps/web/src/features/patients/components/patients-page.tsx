import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PatientResource } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { DataTable, type DataTableQuery } from '../../../components/data-table';
import { useSession } from '../../../lib/session/session-context';
import { patientSearchQueryKey, searchPatients } from '../api/search-patients';
import { CreatePatientDialog } from './create-patient-dialog';
import { buildPatientColumns } from './patient-columns';

const getPatientId = (patient: PatientResource) => patient.id;

/**
 * The Patients screen (issue 13 §12): the current clinic's patients, searched by name, patient ID or
 * device serial, filtered by column, paged and sorted on the server; 'Add patient' while the clinic's
 * 'create new patients' flag lets the user.
 */
export function PatientsPage() {
  const { can, currentClinic } = useSession();
  const [createKey, setCreateKey] = useState(0);
  const [createOpen, setCreateOpen] = useState(false);
  const columns = useMemo(() => buildPatientColumns(), []);
  const clinicNpi = currentClinic?.npi ?? '';
  const fetchPage = useCallback(
    (query: DataTableQuery, options: { signal: AbortSignal }) => searchPatients(clinicNpi, query, options),
    [clinicNpi],
  );

  if (!currentClinic) {
    return <Typography color="textSecondary">Choose a clinic to see its patients.</Typography>;
  }

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography color="textSecondary">Patients of {currentClinic.name}.</Typography>
      </Box>
      <DataTable
        key={clinicNpi}
        label="Patients"
        columns={columns}
        queryKey={patientSearchQueryKey(clinicNpi)}
        fetchPage={fetchPage}
        getRowId={getPatientId}
        defaultOrder={{ field: 'lastName', direction: 'asc' }}
        searchPlaceholder="Name, patient ID or device serial"
        emptyMessage="No patients match the search and filters."
        actions={
          can('patient:create') && (
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => {
                setCreateKey((key) => key + 1);
                setCreateOpen(true);
              }}
            >
              Add patient
            </Button>
          )
        }
      />
      <CreatePatientDialog
        key={createKey}
        clinicNpi={clinicNpi}
        open={createOpen}
        onClose={() => setCreateOpen(false)}
      />
    </>
  );
}

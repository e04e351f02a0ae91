import { DataTable } from '../../../components/data-table';
import { clinicsQueryKey, getClinics } from '../api/get-clinics';
import type { Clinic } from '../types';
import { clinicColumns } from './clinic-columns';

const getClinicId = (clinic: Clinic) => clinic.id;

export function ClinicsPage() {
  return (
    <DataTable
      label="Clinics"
      columns={clinicColumns}
      queryKey={clinicsQueryKey}
      fetchPage={getClinics}
      getRowId={getClinicId}
      defaultOrder={{ field: 'name', direction: 'asc' }}
      searchPlaceholder="Name, code or NPI"
      emptyMessage="No clinics match the search and filters."
    />
  );
}

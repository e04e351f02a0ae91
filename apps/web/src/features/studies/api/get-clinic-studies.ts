import type { StudyPage, StudyResource, StudyStatus, StudySuite } from '@portal/domain';
import type { DataTablePage, DataTableQuery } from '../../../components/data-table';
import { apiClient, type QueryValue } from '../../../lib/api-client';
import { clinicPatientsApiPath } from '../../../lib/patients';
import { queryKeys } from '../../../lib/query-keys';

/** GET clinics/{npi}/{suite}-studies: where a clinic's studies of one suite are listed. */
export function clinicStudiesApiPath(clinicNpi: string, suite: StudySuite): string {
  return `${clinicPatientsApiPath(clinicNpi)}/${suite}-studies`;
}

/** The list's query: the statuses chosen (none: every status), comma-separated, and the page and its size. */
export function toClinicStudiesQuery(
  statuses: readonly StudyStatus[],
  page: Pick<DataTableQuery, 'page' | 'rows'>,
): Record<string, QueryValue> {
  return { status: statuses.join(','), page: page.page, size: page.rows };
}

/** One page of a clinic's studies of a suite, as the shared data table shows it. */
export async function getClinicStudies(
  clinicNpi: string,
  suite: StudySuite,
  statuses: readonly StudyStatus[],
  query: DataTableQuery,
  options: { signal: AbortSignal },
): Promise<DataTablePage<StudyResource>> {
  const page = await apiClient.get<StudyPage>(clinicStudiesApiPath(clinicNpi, suite), {
    query: toClinicStudiesQuery(statuses, query),
    signal: options.signal,
  });
  return { rows: page.data, totalCount: page.metadata.totalCount };
}

/** The table's cache key: under the clinic's studies of the suite, with the statuses chosen. */
export function clinicStudiesQueryKey(
  clinicNpi: string,
  suite: StudySuite,
  statuses: readonly StudyStatus[],
) {
  return [...queryKeys.studies.ofClinic(clinicNpi, suite), { statuses: [...statuses] }] as const;
}

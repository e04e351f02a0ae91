import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { StudyResource, StudyStatus, StudySuite } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTablePage, type DataTableQuery } from '../../../components/data-table';
import { useSession } from '../../../lib/session/session-context';
import { STUDY_STATUS_ORDER, STUDY_VENDOR_NAMES } from '../../../lib/studies';
import { STUDIES_PAGE_TITLES } from '../../../lib/study-paths';
import { clinicStudiesQueryKey, getClinicStudies } from '../api/get-clinic-studies';
import { studyPollInterval } from '../study-format';
import { buildStudyColumns } from './study-columns';
import { StudyStatusFilter } from './study-status-filter';

const getStudyId = (study: StudyResource) => study.id;

/** `?status=new,in-progress`: the statuses chosen, in lifecycle order; unknown words are left out. */
export function readStatusParam(value: string | null): StudyStatus[] {
  const parts = (value ?? '').split(',');
  return STUDY_STATUS_ORDER.filter((status) => parts.includes(status));
}

const pollWhileChanging = (page: DataTablePage<StudyResource> | undefined) => studyPollInterval(page?.rows);

/**
 * A clinic's studies of one suite (issue 16 §7): /studies/sleep, /studies/wcd or /studies/abpm. Filtered by
 * status (the choice is in the address, so it can be linked), a page at a time; fetched again every few
 * seconds while an order waits to go to the vendor or a study is in progress.
 */
export function StudiesPage({ suite }: { suite: StudySuite }) {
  const { currentClinic } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const statuses = useMemo(() => readStatusParam(searchParams.get('status')), [searchParams]);
  const columns = useMemo(() => buildStudyColumns(suite), [suite]);
  const clinicNpi = currentClinic?.npi ?? '';
  const fetchPage = useCallback(
    (query: DataTableQuery, options: { signal: AbortSignal }) =>
      getClinicStudies(clinicNpi, suite, statuses, query, options),
    [clinicNpi, suite, statuses],
  );
  const title = STUDIES_PAGE_TITLES[suite];
  const noun = title.toLowerCase();

  if (!currentClinic) {
    return <Typography color="textSecondary">Choose a clinic to see its {noun}.</Typography>;
  }

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography color="textSecondary">
          {title} of {currentClinic.name}, sent to {STUDY_VENDOR_NAMES[suite]}. Order a study from the
          patient's Studies tab.
        </Typography>
      </Box>
      <DataTable
        key={`${clinicNpi}/${suite}`}
        label={title}
        columns={columns}
        queryKey={clinicStudiesQueryKey(clinicNpi, suite, statuses)}
        fetchPage={fetchPage}
        getRowId={getStudyId}
        searchable={false}
        filters={
          <StudyStatusFilter
            value={statuses}
            onChange={(next) =>
              setSearchParams(next.length > 0 ? { status: next.join(',') } : {}, { replace: true })
            }
          />
        }
        refetchInterval={pollWhileChanging}
        emptyMessage={
          statuses.length > 0
            ? `No ${noun} with the statuses chosen.`
            : `No ${noun} at ${currentClinic.name} yet.`
        }
      />
    </>
  );
}

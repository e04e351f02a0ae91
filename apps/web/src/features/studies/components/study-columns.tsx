import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatUsDateTimeToMinute, type StudyResource, type StudySuite } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { patientPagePath } from '../../../lib/patients';
import { formatPushState } from '../study-format';
import { StudyStatusChip } from './study-status-chip';

const nowrap = { whiteSpace: 'nowrap' } as const;

function Muted({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2" color="textSecondary">
      {children}
    </Typography>
  );
}

/** Where the order to the vendor stands, with when it went or why it failed on a second line. */
function PushState({ study }: { study: StudyResource }) {
  const { push } = study.attributes;
  const text = formatPushState(study.attributes);
  if (push.state === 'not-sent') return <Muted>{text}</Muted>;
  const detail = push.state === 'failed' ? push.error : push.at ? formatUsDateTimeToMinute(push.at) : null;
  return (
    <Box>
      <Typography component="span" variant="body2" color={push.state === 'failed' ? 'error' : undefined}>
        {text}
      </Typography>
      {detail && (
        <Typography component="p" variant="caption" color="textSecondary" sx={{ m: 0 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}

/** A clinic's studies of one suite; the study type only for wearable studies (the others have none). */
export function buildStudyColumns(suite: StudySuite): DataTableColumn<StudyResource>[] {
  const columns: (DataTableColumn<StudyResource> | false)[] = [
    {
      id: 'patient',
      header: 'Patient',
      render: ({ attributes: study }) => (
        <Link
          component={RouterLink}
          to={patientPagePath(study.clinicNpi, study.patientId, 'studies')}
          sx={{ fontWeight: 600 }}
        >
          {study.patientName}
        </Link>
      ),
    },
    {
      id: 'mrn',
      header: 'MRN',
      width: 120,
      render: ({ attributes: study }) => <Box sx={nowrap}>{study.patientMrn}</Box>,
    },
    suite === 'wcd' && {
      id: 'studyType',
      header: 'Type',
      width: 110,
      render: ({ attributes: study }) => study.studyType ?? <Muted>Not recorded</Muted>,
    },
    {
      id: 'status',
      header: 'Status',
      width: 150,
      render: ({ attributes: study }) => <StudyStatusChip status={study.status} />,
    },
    {
      id: 'orderingPhysician',
      header: 'Ordering physician',
      render: ({ attributes: study }) => study.orderingPhysicianName,
    },
    {
      id: 'vendorReference',
      header: 'Vendor reference',
      width: 150,
      render: ({ attributes: study }) =>
        study.vendorReference ? <Box sx={nowrap}>{study.vendorReference}</Box> : <Muted>None yet</Muted>,
    },
    {
      id: 'push',
      header: 'Order sent',
      width: 170,
      render: (study) => <PushState study={study} />,
    },
    {
      id: 'createdAt',
      header: 'Created',
      width: 170,
      render: ({ attributes: study }) => <Box sx={nowrap}>{formatUsDateTimeToMinute(study.createdAt)}</Box>,
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      width: 170,
      render: ({ attributes: study }) => <Box sx={nowrap}>{formatUsDateTimeToMinute(study.updatedAt)}</Box>,
    },
  ];
  return columns.filter((column): column is DataTableColumn<StudyResource> => column !== false);
}

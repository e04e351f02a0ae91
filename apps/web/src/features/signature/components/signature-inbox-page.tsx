import DrawIcon from '@mui/icons-material/Draw';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { PageMessage } from '../../../components/page-message';
import { SIGNATURE_DASHBOARD_PARAMS } from '../../../lib/constants';

/** Labels of the deep-link filter keys that notification links and other screens put on this page. */
const FILTER_LABELS: Record<(typeof SIGNATURE_DASHBOARD_PARAMS)[number], string> = {
  clinicNpi: 'Clinic NPI',
  serviceLine: 'Service line',
  type: 'Type',
  status: 'Status',
  assignedTo: 'Assigned to',
  idIn: 'Document id',
};

export function SignatureInboxPage() {
  const [searchParams] = useSearchParams();
  const values = SIGNATURE_DASHBOARD_PARAMS.map((key) => ({
    key,
    label: FILTER_LABELS[key],
    value: searchParams.getAll(key).join(', '),
  }));
  const hasFilter = values.some((v) => v.value !== '');

  return (
    <PageMessage icon={<DrawIcon />} heading="The signature inbox is not built yet">
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Documents to review and sign will be listed here. Links to this page keep their filter, shown below.
      </Typography>
      <Box component="section" aria-labelledby="current-filter-heading" sx={{ textAlign: 'left' }}>
        <Typography
          id="current-filter-heading"
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, mb: 1 }}
        >
          Current filter
        </Typography>
        {!hasFilter && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            No filter in the link.
          </Typography>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            m: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            '& dt, & dd': { px: 2, py: 1, m: 0, borderTop: 1, borderColor: 'divider' },
            '& > div:first-of-type > *': { borderTop: 0 },
            '& dt': { fontWeight: 500, bgcolor: 'grey.50' },
            '& dd': { fontFamily: 'monospace', overflowWrap: 'anywhere' },
          }}
        >
          {values.map(({ key, label, value }) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <dt>
                {label}{' '}
                <Typography component="span" variant="caption" color="textSecondary">
                  ({key})
                </Typography>
              </dt>
              <dd data-filter={key}>
                {value || (
                  <Typography component="span" variant="body2" color="textDisabled">
                    not set
                  </Typography>
                )}
              </dd>
            </Box>
          ))}
        </Box>
      </Box>
    </PageMessage>
  );
}

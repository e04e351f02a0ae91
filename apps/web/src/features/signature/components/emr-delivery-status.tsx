import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type EmrDelivery, formatUsDateTimeToMinute } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useClinicPermissions } from '../../../lib/session/use-clinic-permissions';
import { enqueueSnackbar } from '../../../lib/snackbar/snackbar';
import { emrDeliveryQueryOptions } from '../api/get-emr-delivery';
import { useResendToEmr } from '../api/resend-to-emr';
import type { DocumentResource } from '../document-resource';

/** 'Sent to EMR · id 123 · 5 pages', 'Queued for the EMR', 'EMR delivery failed: …'; null before any attempt. */
export function describeEmrDelivery(delivery: EmrDelivery): string | null {
  switch (delivery.state) {
    case 'delivered': {
      const pages =
        delivery.pageCount === null
          ? null
          : `${delivery.pageCount} ${delivery.pageCount === 1 ? 'page' : 'pages'}`;
      return ['Sent to EMR', delivery.emrId ? `id ${delivery.emrId}` : null, pages]
        .filter(Boolean)
        .join(' · ');
    }
    case 'queued':
      return 'Queued for the EMR';
    case 'failed':
      return `EMR delivery failed: ${delivery.reason ?? 'the EMR did not say why'}`;
    case 'not-sent':
      return null;
  }
}

const ICONS: Record<EmrDelivery['state'], ReactNode> = {
  delivered: <CheckCircleOutlineIcon fontSize="small" color="success" />,
  queued: <ScheduleIcon fontSize="small" color="action" />,
  failed: <ErrorOutlineIcon fontSize="small" color="error" />,
  'not-sent': null,
};

/**
 * Where a signed (or acknowledged) document stands with the clinic's EMR (issue 16 §5), one line in the
 * details rail; 'Resend to EMR' after a failure, or to send a delivered one again, for who may.
 */
export function EmrDeliveryStatus({ document }: { document: DocumentResource }) {
  const { can } = useClinicPermissions(document.attributes.clinicNpi);
  const done = document.attributes.status === 'signed' || document.attributes.status === 'acknowledged';
  const delivery = useQuery({
    ...emrDeliveryQueryOptions(document.id),
    enabled: done && can('document:read'),
    // A document the EMR knows nothing of says nothing: no error for the reader to act on.
    meta: { silent: true },
  });
  const resend = useResendToEmr(document.id);
  if (!done || !delivery.data) return null;
  const text = describeEmrDelivery(delivery.data);
  if (!text) return null;
  const { state, updatedAt, attempts } = delivery.data;
  const canResend = can('document:resend-to-emr') && (state === 'failed' || state === 'delivered');
  return (
    <Box
      component="section"
      aria-label="EMR delivery"
      data-testid="emr-delivery"
      data-state={state}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
    >
      <Box aria-hidden sx={{ pt: 0.25, display: 'flex' }}>
        {ICONS[state]}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="body2"
          role="status"
          color={state === 'failed' ? 'error' : undefined}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {text}
        </Typography>
        {updatedAt && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ m: 0 }}>
            {formatUsDateTimeToMinute(updatedAt)}
            {attempts > 1 ? ` · ${attempts} attempts` : ''}
          </Typography>
        )}
        {canResend && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<SendOutlinedIcon />}
            onClick={() =>
              resend.mutate(undefined, {
                onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
              })
            }
            loading={resend.isPending}
            sx={{ mt: 1 }}
          >
            Resend to EMR
          </Button>
        )}
      </Box>
    </Box>
  );
}

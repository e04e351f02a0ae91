import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type EmrDelivery, type EmrDeliveryStep, formatUsDateTimeToMinute } from '@portal/domain';
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

/** The correction of an un-signed copy, in a sentence; null when there is none. */
export function describeEmrCorrection(delivery: EmrDelivery): string | null {
  const { correction } = delivery;
  const copy = correction.emrId ? `EMR copy ${correction.emrId}` : 'The EMR copy';
  switch (correction.state) {
    case 'queued':
      return `${copy}: correction queued (entered-in-error)`;
    case 'entered-in-error':
      return `${copy} marked entered-in-error`;
    case 'failed':
      return `Correction of ${copy.replace(/^The/, 'the')} failed: ${correction.reason ?? 'the EMR did not say why'}`;
    case 'none':
      return null;
  }
}

const STEP_LABELS: Record<EmrDeliveryStep['step'], string> = {
  signed: 'Signed',
  delivered: 'Sent to EMR',
  failed: 'Delivery failed',
  'resend-requested': 'Resend requested',
  unsigned: 'Un-signed',
  'correction-queued': 'Correction queued',
  'entered-in-error': 'EMR copy marked entered-in-error',
  'correction-failed': 'Correction failed',
};

/** One step as a line: what, the EMR's id and the reason when there are, and when. */
export function describeEmrStep(step: EmrDeliveryStep): string {
  return [STEP_LABELS[step.step], step.emrId ? `id ${step.emrId}` : null, step.reason]
    .filter(Boolean)
    .join(' · ');
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
  const unsigned = document.attributes.status === 'unsigned';
  const delivery = useQuery({
    ...emrDeliveryQueryOptions(document.id),
    // An un-signed document shows what became of the copy it had in the EMR.
    enabled: (done || unsigned) && can('document:read'),
    // A document the EMR knows nothing of says nothing: no error for the reader to act on.
    meta: { silent: true },
  });
  const resend = useResendToEmr(document.id);
  if (!(done || unsigned) || !delivery.data) return null;
  const text = done ? describeEmrDelivery(delivery.data) : null;
  const correction = describeEmrCorrection(delivery.data);
  const { state, updatedAt, attempts, steps, replacesEmrId } = delivery.data;
  if (!text && !correction && steps.length === 0) return null;
  const canResend = done && can('document:resend-to-emr') && (state === 'failed' || state === 'delivered');
  const failed = (done && state === 'failed') || delivery.data.correction.state === 'failed';
  return (
    <Box
      component="section"
      aria-label="EMR delivery"
      data-testid="emr-delivery"
      data-state={state}
      data-correction={delivery.data.correction.state}
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
    >
      <Box aria-hidden sx={{ pt: 0.25, display: 'flex' }}>
        {done ? ICONS[state] : <ScheduleIcon fontSize="small" color="action" />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="body2"
          role="status"
          color={failed ? 'error' : undefined}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {[text, state === 'delivered' && replacesEmrId ? `replaces ${replacesEmrId}` : null, correction]
            .filter(Boolean)
            .join(' · ') || 'Not in the EMR'}
        </Typography>
        {updatedAt && (
          <Typography variant="caption" color="textSecondary" component="p" sx={{ m: 0 }}>
            {formatUsDateTimeToMinute(updatedAt)}
            {attempts > 1 ? ` · ${attempts} attempts` : ''}
          </Typography>
        )}
        {steps.length > 1 && (
          <Box
            component="ol"
            aria-label="EMR delivery steps"
            data-testid="emr-delivery-steps"
            sx={{ m: 0, mt: 0.5, pl: 2.5, display: 'grid', gap: 0.25 }}
          >
            {steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one delivery, in order, only appended
              <Typography key={index} component="li" variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                {describeEmrStep(step)}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {` · ${formatUsDateTimeToMinute(step.at)}`}
                </Box>
              </Typography>
            ))}
          </Box>
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

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type PdfScrapeResult,
  PRINTOUT_CONFIRMATION_REASON_MAX,
  PRINTOUT_CONFIRMATION_TEXT,
  PRINTOUT_IDENTITY_FIELD_LABELS,
  PRINTOUT_IDENTITY_FIELDS,
  PRINTOUT_IDENTITY_VERDICT_LABELS,
  type PrintoutIdentityVerdict,
} from '@portal/domain';
import type { PrintoutState } from '../device-check-form';

/** Where the reason is, for the form's error summary to focus. */
export const PRINTOUT_REASON_INPUT_ID = 'device-check-printout-reason';

const VERDICT_COLOURS: Record<PrintoutIdentityVerdict, string> = {
  match: 'success.dark',
  mismatch: 'error.main',
  'not-found': 'warning.dark',
  'not-on-file': 'text.secondary',
};

/**
 * Issue 29 §1: who the printout says it is for, beside the chosen patient, field by field. When a name or
 * serial differs, or is not on the printout, the technician goes on only by confirming "this printout
 * belongs to this patient" with a reason (the server audits it with both identities).
 */
export function PrintoutIdentityCheck({
  identity,
  printout,
  error,
  onChange,
}: {
  identity: PdfScrapeResult['identity'];
  printout: PrintoutState;
  error: string | undefined;
  onChange: (printout: PrintoutState) => void;
}) {
  const shown = (value: string | null, empty: string) =>
    value ?? (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
        {empty}
      </Box>
    );
  return (
    <Box data-testid="printout-identity">
      <Table size="small" aria-label="Who the printout is for" sx={{ maxWidth: 860 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Identity
            </TableCell>
            <TableCell component="th" scope="col">
              On the printout
            </TableCell>
            <TableCell component="th" scope="col">
              This patient
            </TableCell>
            <TableCell component="th" scope="col">
              Check
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PRINTOUT_IDENTITY_FIELDS.map((field) => {
            const verdict = identity.verdicts[field];
            return (
              <TableRow key={field} data-field={field} data-verdict={verdict}>
                <TableCell component="th" scope="row">
                  {PRINTOUT_IDENTITY_FIELD_LABELS[field]}
                </TableCell>
                <TableCell>{shown(identity.printout[field], 'not found on the printout')}</TableCell>
                <TableCell>{shown(identity.patient[field], 'not on file')}</TableCell>
                <TableCell
                  sx={{ color: VERDICT_COLOURS[verdict], fontWeight: verdict === 'match' ? 400 : 600 }}
                >
                  {PRINTOUT_IDENTITY_VERDICT_LABELS[verdict]}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {identity.needsConfirmation ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="printout-identity-warning">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            This printout may belong to another patient.
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Its name or serial does not match this patient, or is not on it. Its values can be used only once
            you confirm that it belongs to this patient; the check is submitted only with your reason.
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={printout.confirmed}
                onChange={(event) => onChange({ ...printout, confirmed: event.target.checked })}
              />
            }
            label={PRINTOUT_CONFIRMATION_TEXT}
          />
          <TextField
            id={PRINTOUT_REASON_INPUT_ID}
            label="Reason"
            required
            fullWidth
            size="small"
            multiline
            minRows={2}
            value={printout.reason}
            onChange={(event) => onChange({ ...printout, reason: event.target.value })}
            error={Boolean(error)}
            helperText={error ?? 'Recorded in the audit trail with both identities.'}
            slotProps={{ htmlInput: { maxLength: PRINTOUT_CONFIRMATION_REASON_MAX } }}
            sx={{ mt: 1, bgcolor: 'background.paper' }}
          />
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mt: 1.5 }} data-testid="printout-identity-match">
          The printout’s name and serial match this patient.
        </Alert>
      )}
    </Box>
  );
}

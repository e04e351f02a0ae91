import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatUsDate, type LikelyDuplicatePatient } from '@portal/domain';
import { Link as RouterLink } from 'react-router';
import { DUPLICATE_REASON_LABELS, formatDevice, formatPatientName } from '../../../lib/patient-format';
import { patientPagePath } from '../../../lib/patients';
import type { CreatePatientValues } from '../patient-form';

type DuplicateWarningProps = {
  clinicNpi: string;
  entered: CreatePatientValues;
  duplicates: readonly LikelyDuplicatePatient[];
  saving: boolean;
  onBack: () => void;
  onCreateAnyway: () => void;
  onOpenExisting: () => void;
};

/**
 * The answer to a create whose patient probably exists (issue 13 §4): who, and why each looks the
 * same. Opening the existing record is the usual way on; creating anyway sends the same form again,
 * confirmed. Misspelled first names cause about half of real duplicates, so the names are shown whole.
 */
export function DuplicateWarning({
  clinicNpi,
  entered,
  duplicates,
  saving,
  onBack,
  onCreateAnyway,
  onOpenExisting,
}: DuplicateWarningProps) {
  const enteredName = [entered.firstName, entered.middleName, entered.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {duplicates.length === 1
            ? 'A patient at this clinic looks'
            : `${duplicates.length} patients at this clinic look`}{' '}
          like <strong>{enteredName}</strong>
          {entered.dob ? `, born ${formatUsDate(entered.dob)}` : ''}. Open the existing record rather than
          creating a second one, unless this is a different person.
        </Alert>
        <Stack
          component="ul"
          spacing={1.5}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          aria-label="Likely duplicates"
        >
          {duplicates.map(({ patient, reasons }, index) => {
            const attributes = patient.attributes;
            const device = formatDevice(attributes.deviceInfo, { withSerial: true });
            return (
              <Box
                component="li"
                key={patient.id}
                data-duplicate-id={patient.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                }}
              >
                <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{formatPatientName(attributes)}</Typography>
                  <Typography variant="body2" color="textSecondary">
                    Born {attributes.dob ? formatUsDate(attributes.dob) : 'on an unknown date'} · Patient ID{' '}
                    {attributes.patientId}
                    {device ? ` · ${device}` : ''}
                  </Typography>
                  <Stack direction="row" sx={{ mt: 0.75, flexWrap: 'wrap', gap: 0.5 }}>
                    {reasons.map((reason) => (
                      <Chip
                        key={reason}
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={DUPLICATE_REASON_LABELS[reason] ?? reason}
                        component="span"
                      />
                    ))}
                  </Stack>
                </Box>
                <Button
                  component={RouterLink}
                  to={patientPagePath(clinicNpi, patient.id)}
                  onClick={onOpenExisting}
                  variant={index === 0 ? 'contained' : 'outlined'}
                  endIcon={<ArrowForwardIcon />}
                  autoFocus={index === 0}
                  aria-label={`Open existing: ${formatPatientName(attributes)}`}
                >
                  Open existing
                </Button>
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onBack} disabled={saving}>
          Back to the form
        </Button>
        <Button variant="outlined" color="warning" onClick={onCreateAnyway} loading={saving}>
          Create anyway
        </Button>
      </DialogActions>
    </>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type DeviceCheckField,
  findMeasurement,
  formatMeasurementValue,
  type PdfScrapeProposal,
  type PdfScrapeResult,
} from '@portal/domain';
import { useState } from 'react';
import { FileButton } from '../../../components/file-button';
import { isApiError } from '../../../lib/api-client';
import { useScrapeDeviceCheckPdf } from '../api/scrape-device-check-pdf';
import { canUsePrintoutValues, type PrintoutState } from '../device-check-form';
import { PdfSourcePreview } from './pdf-source-preview';
import { PrintoutIdentityCheck } from './printout-identity-check';

/** A proposed value as the form holds it: text, as if typed. */
const asFormText = (value: number | string) => String(value);

/**
 * Reads an interrogation PDF (issue 15 §2): the server proposes values, each shown with the page and the
 * box it was read from; the user ticks the ones to put in the form. An empty field is ticked to start
 * with; one already filled with another value only when the user ticks it. Nothing is saved here: the
 * values go into the form, and are recorded (as 'PDF scrape', confirmed by this user) when it is submitted.
 * Issue 29 §1: the printout's identity is shown beside the patient's; when it differs (or is not on the
 * printout), nothing is ticked and no value can be used until the technician confirms it with a reason.
 */
export function PdfScrapePanel({
  clinicNpi,
  patientId,
  fields,
  values,
  onConfirm,
  printout,
  onPrintoutChange,
  confirmationError,
}: {
  clinicNpi: string;
  patientId: string;
  fields: readonly DeviceCheckField[];
  values: Record<string, string>;
  onConfirm: (values: Record<string, string>) => void;
  /** The printout's identity check and the technician's confirmation, as the form sends them. */
  printout: PrintoutState | null;
  onPrintoutChange: (printout: PrintoutState | null) => void;
  /** The form's error for the confirmation (its reason), if any. */
  confirmationError: string | undefined;
}) {
  const scrape = useScrapeDeviceCheckPdf();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<PdfScrapeResult | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [shown, setShown] = useState<PdfScrapeProposal | null>(null);
  const inForm = new Set(fields.map((field) => field.key));
  const usable = canUsePrintoutValues(printout);
  /** The empty fields' values: ticked to start with when the printout's identity matches the patient's. */
  const defaultTicks = (data: PdfScrapeResult) =>
    new Set(
      data.proposals
        .filter((proposal) => inForm.has(proposal.key) && !(values[proposal.key] ?? '').trim())
        .map((proposal) => proposal.key),
    );

  const read = (chosen: File) => {
    setFile(chosen);
    setResult(null);
    setShown(null);
    onPrintoutChange(null);
    scrape.mutate(
      { clinicNpi, patientId, file: chosen },
      {
        onSuccess: ({ data }) => {
          setResult(data);
          setShown(data.proposals[0] ?? null);
          const needsConfirmation = data.identity.needsConfirmation;
          onPrintoutChange({
            checkId: data.identity.checkId,
            needsConfirmation,
            confirmed: false,
            reason: '',
          });
          // Values from a printout that may be another patient's are never offered ready to use.
          setTicked(needsConfirmation ? new Set() : defaultTicks(data));
        },
      },
    );
  };
  const inThisForm = result?.proposals.filter((proposal) => inForm.has(proposal.key)) ?? [];
  const chosen = usable ? inThisForm.filter((proposal) => ticked.has(proposal.key)) : [];
  const failure = scrape.error
    ? isApiError(scrape.error) && scrape.error.statusCode < 500
      ? scrape.error.message
      : 'The PDF could not be read just now. Try again, or enter the values by hand.'
    : null;

  return (
    <Stack spacing={1.5} data-testid="pdf-scrape-panel">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <FileButton
          label="Read values from the interrogation PDF"
          accept="application/pdf,.pdf"
          inputLabel="Interrogation PDF"
          testId="pdf-scrape-input"
          disabled={scrape.isPending}
          onFile={read}
        />
        <Typography variant="body2" color="textSecondary">
          {file ? file.name : 'The report the programmer or the vendor portal printed.'}
        </Typography>
      </Stack>
      {scrape.isPending && <LinearProgress aria-label="Reading the PDF" />}
      {failure && <Alert severity="error">{failure}</Alert>}
      {result?.message && (
        <Alert severity="info" data-testid="pdf-scrape-reason">
          {result.message}
        </Alert>
      )}
      {result && printout && result.identity.checkId === printout.checkId && (
        <PrintoutIdentityCheck
          identity={result.identity}
          printout={printout}
          error={confirmationError}
          onChange={onPrintoutChange}
        />
      )}
      {result && result.proposals.length > 0 && file && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
            <Table size="small" aria-label="Values read from the PDF" data-testid="pdf-scrape-proposals">
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">Use</TableCell>
                  <TableCell>Measurement</TableCell>
                  <TableCell>From the PDF</TableCell>
                  <TableCell>In the form</TableCell>
                  <TableCell>Page</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.proposals.map((proposal) => {
                  const label = findMeasurement(proposal.key)?.label ?? proposal.label;
                  const usableHere = inForm.has(proposal.key);
                  const current = (values[proposal.key] ?? '').trim();
                  return (
                    <TableRow
                      key={proposal.key}
                      hover
                      selected={shown?.key === proposal.key}
                      onClick={() => setShown(proposal)}
                      sx={{ cursor: 'pointer' }}
                      data-key={proposal.key}
                    >
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={usable && ticked.has(proposal.key)}
                          disabled={!usableHere || !usable}
                          onClick={(event) => event.stopPropagation()}
                          onChange={(event) =>
                            setTicked((before) => {
                              const next = new Set(before);
                              if (event.target.checked) next.add(proposal.key);
                              else next.delete(proposal.key);
                              return next;
                            })
                          }
                          slotProps={{ input: { 'aria-label': `Use ${label}` } }}
                        />
                      </TableCell>
                      <TableCell>{label}</TableCell>
                      <TableCell sx={{ fontWeight: 600 }}>
                        {formatMeasurementValue(proposal.key, proposal.value)}
                      </TableCell>
                      <TableCell sx={{ color: 'text.secondary' }}>
                        {!usableHere ? 'Not in this form' : current ? current : 'Empty'}
                      </TableCell>
                      <TableCell>{proposal.page}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Button
              variant="contained"
              sx={{ mt: 1.5 }}
              disabled={chosen.length === 0}
              onClick={() =>
                onConfirm(
                  Object.fromEntries(chosen.map((proposal) => [proposal.key, asFormText(proposal.value)])),
                )
              }
            >
              Put {chosen.length} value{chosen.length === 1 ? '' : 's'} in the form
            </Button>
          </Box>
          {shown && (
            <Box sx={{ flex: '0 0 auto' }}>
              <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 0.5 }}>
                Page {shown.page}: “{shown.sourceText}”
              </Typography>
              <PdfSourcePreview file={file} page={shown.page} box={shown.box} />
            </Box>
          )}
        </Box>
      )}
    </Stack>
  );
}
